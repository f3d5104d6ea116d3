import { useQuery } from '@tanstack/react-query';
import { Ban, Search, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TOpsMember } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { opsMemberSearchQueryOptions, useMemberSuspension } from '../api/ops';
import { OpsShell } from './ops-shell';

/** The server's limit (ZOpsSuspensionRequest): the field says it before the server has to. */
const REASON_MAX = 500;

/** Find a member by email or fan number, see whether they are suspended, and suspend or lift with a reason. */
export function OpsMembers() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const search = useQuery(opsMemberSearchQueryOptions(q));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <OpsShell title="Members">
      <Card>
        <CardContent className="p-5 sm:p-6">
          <form
            role="search"
            aria-label="Find a member"
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={submit}
          >
            <Field label="Email or fan number" className="flex-1">
              <Input
                name="q"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="fan@example.com or #42"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
            </Field>
            <Button type="submit" loading={search.isFetching} loadingText="Finding..." disabled={!draft.trim()}>
              <Search aria-hidden="true" />
              Find member
            </Button>
          </form>
        </CardContent>
      </Card>
      {search.isError ? (
        <p role="alert" className="rounded-2xl border border-border bg-surface p-6 text-destructive-text">
          {serverMessageOr(search.error, 'The search did not work. Please try again.')}
        </p>
      ) : search.data ? (
        search.data.member ? (
          <MemberCard member={search.data.member} q={q} />
        ) : (
          <p role="status" className="rounded-2xl border border-border bg-surface p-6 text-muted-foreground">
            No member has the email or fan number “{q}”.
          </p>
        )
      ) : null}
    </OpsShell>
  );
}

function MemberCard({ member, q }: { member: TOpsMember; q: string }) {
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-xl font-bold tracking-tight">{name}</h2>
            <p className="break-all text-muted-foreground">{member.email}</p>
            <p className="text-sm text-muted-foreground">
              {member.foundingFanNumber === null ? 'No fan number yet' : `Fan #${member.foundingFanNumber}`}
            </p>
          </div>
          {member.suspension ? (
            <Badge variant="destructive" size="lg" className="self-start">
              <Ban aria-hidden="true" /> Suspended
            </Badge>
          ) : (
            <Badge variant="soft" size="lg" className="self-start">
              <ShieldCheck aria-hidden="true" /> Active
            </Badge>
          )}
        </div>
        {member.suspension && (
          <dl className="grid gap-1 rounded-2xl border border-border bg-surface p-4 text-sm">
            <dt className="font-semibold">Suspended by</dt>
            <dd className="break-all text-muted-foreground">
              {member.suspension.operatorEmail ?? member.suspension.operatorId}
            </dd>
            <dt className="mt-2 font-semibold">Reason</dt>
            <dd className="break-words whitespace-pre-wrap text-muted-foreground">{member.suspension.reason}</dd>
          </dl>
        )}
        <SuspensionDialog member={member} name={name} q={q} action={member.suspension ? 'lift' : 'suspend'} />
      </CardContent>
    </Card>
  );
}

const COPY = {
  suspend: {
    open: 'Suspend member',
    title: (name: string) => `Suspend ${name}`,
    description: 'They are signed out everywhere at once, and cannot sign in or change anything until you lift it.',
    confirm: 'Suspend',
    pending: 'Suspending...',
  },
  lift: {
    open: 'Lift suspension',
    title: (name: string) => `Lift the suspension of ${name}`,
    description: 'They can sign in and use their account again.',
    confirm: 'Lift suspension',
    pending: 'Lifting...',
  },
} as const;

function SuspensionDialog({
  member,
  name,
  q,
  action,
}: {
  member: TOpsMember;
  name: string;
  q: string;
  action: 'suspend' | 'lift';
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const change = useMemberSuspension(q);
  const copy = COPY[action];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    change.mutate(
      { action, memberId: member.id, reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
        },
      },
    );
  };
  const error = missing
    ? 'Give a reason: it is recorded with your name.'
    : change.isError
      ? serverMessageOr(change.error, 'That did not work. Please try again.')
      : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setMissing(false);
        change.reset();
      }}
      title={copy.title(name)}
      description={copy.description}
      trigger={
        <Button variant={action === 'suspend' ? 'destructive' : 'secondary'} className="self-start">
          {copy.open}
        </Button>
      }
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <Field label="Reason" help={`Recorded with your name. Up to ${REASON_MAX} characters.`} error={error} required>
          <Textarea
            name="reason"
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button type="button" variant="ghost">
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            variant={action === 'suspend' ? 'destructive' : 'primary'}
            loading={change.isPending}
            loadingText={copy.pending}
          >
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
