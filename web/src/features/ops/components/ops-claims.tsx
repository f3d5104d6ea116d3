import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLink, KeyRound, ShieldCheck, ShieldX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TOpsClaim } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { opsClaimsQueryOptions, useClaimDecision, type ClaimStatus } from '../api/claims';
import { OpsShell } from './ops-shell';

/** The server's limit (ZOpsClaimDecision): the field says it before the server has to. */
const REASON_MAX = 500;
const STATUSES: { value: ClaimStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'refused', label: 'Refused' },
];

/**
 * Claims of artists and venues: the queue of pending claims (oldest first), each with its code and the
 * link the member chose. The operator opens the link, looks for the code (the server cannot fetch the
 * web) and approves or refuses with a reason.
 */
export function OpsClaims() {
  const [status, setStatus] = useState<ClaimStatus>('pending');
  return (
    <OpsShell title="Claims">
      <Tabs value={status} onValueChange={(value) => setStatus(value as ClaimStatus)}>
        <TabsList aria-label="Claims by status">
          {STATUSES.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {STATUSES.map(({ value }) => (
          <TabsContent key={value} value={value} className="mt-6">
            <ClaimList status={value} />
          </TabsContent>
        ))}
      </Tabs>
    </OpsShell>
  );
}

function ClaimList({ status }: { status: ClaimStatus }) {
  const claims = useInfiniteQuery(opsClaimsQueryOptions(status));
  if (claims.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading claims" className="flex flex-col gap-4">
        <Skeleton className="h-40 w-full rounded-3xl" />
        <Skeleton className="h-40 w-full rounded-3xl" />
      </div>
    );
  }
  if (claims.isError) {
    return (
      <p role="alert" className="rounded-2xl border border-border bg-surface p-6 text-destructive-text">
        {serverMessageOr(claims.error, 'The claims could not be loaded. Please try again.')}
      </p>
    );
  }
  const list = claims.data.pages.flatMap((page) => page.claims);
  if (list.length === 0) {
    return (
      <p role="status" className="rounded-2xl border border-border bg-surface p-6 text-muted-foreground">
        {status === 'pending' ? 'No claims are waiting. 🎉' : `No ${status} claims yet.`}
      </p>
    );
  }
  return (
    <>
      <ul aria-label={`${status} claims`} className="flex flex-col gap-4">
        {list.map((claim) => (
          <li key={claim.claimId}>
            <ClaimCard claim={claim} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={claims.hasNextPage}
        loading={claims.isFetchingNextPage}
        onLoadMore={() => void claims.fetchNextPage()}
        label="Load more claims"
      />
    </>
  );
}

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

function ClaimCard({ claim }: { claim: TOpsClaim }) {
  const entryName = claim.entryName ?? `Unknown ${claim.kind}`;
  const profile = claim.kind === 'artist' ? '/artist/$id' : '/venue/$id';
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-[0.16em] text-accent uppercase">{claim.kind}</p>
            <h2 className="text-xl font-bold tracking-tight break-words">
              <Link to={profile} params={{ id: claim.entryId }} className="hover:text-accent hover:underline">
                {entryName}
              </Link>
            </h2>
            <p className="text-sm break-all text-muted-foreground">
              Claimed by {claim.member.name ?? 'a member'}
              {claim.member.email && ` · ${claim.member.email}`}
              {claim.member.role && ` · ${claim.member.role} account`}
            </p>
          </div>
          <StatusBadge status={claim.status} />
        </div>
        <dl className="grid gap-3 rounded-2xl border border-border bg-surface p-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-semibold">Code</dt>
          <dd className="font-mono text-base font-bold tracking-wider break-all">{claim.code}</dd>
          <dt className="font-semibold">Where to look</dt>
          <dd className="min-w-0">
            {claim.link ? (
              <a
                href={claim.link.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 font-medium break-all text-foreground underline underline-offset-4 hover:text-accent"
              >
                {claim.link.url}
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="font-semibold">Sent</dt>
          <dd className="text-muted-foreground">{when(claim.submittedAt)}</dd>
          {claim.status !== 'pending' && (
            <>
              <dt className="font-semibold">Decided</dt>
              <dd className="text-muted-foreground">{when(claim.decidedAt)}</dd>
              <dt className="font-semibold">Reason</dt>
              <dd className="break-words whitespace-pre-wrap text-muted-foreground">{claim.reason}</dd>
            </>
          )}
        </dl>
        {claim.status === 'pending' && (
          <div className="flex flex-col gap-3 sm:flex-row">
            <DecisionDialog claim={claim} entryName={entryName} action="approve" />
            <DecisionDialog claim={claim} entryName={entryName} action="refuse" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: TOpsClaim['status'] }) {
  if (status === 'approved') {
    return (
      <Badge variant="soft" size="lg" className="self-start">
        <ShieldCheck aria-hidden="true" /> Approved
      </Badge>
    );
  }
  if (status === 'refused') {
    return (
      <Badge variant="destructive" size="lg" className="self-start">
        <ShieldX aria-hidden="true" /> Refused
      </Badge>
    );
  }
  return (
    <Badge variant="default" size="lg" className="self-start">
      <KeyRound aria-hidden="true" /> Pending
    </Badge>
  );
}

const COPY = {
  approve: {
    open: 'Approve',
    title: (name: string) => `Approve the claim of ${name}`,
    description: 'You found the code on the link. The member becomes the one who manages this entry.',
    pending: 'Approving...',
  },
  refuse: {
    open: 'Refuse',
    title: (name: string) => `Refuse the claim of ${name}`,
    description: 'The member sees your reason and may try again with a new code.',
    pending: 'Refusing...',
  },
} as const;

function DecisionDialog({
  claim,
  entryName,
  action,
}: {
  claim: TOpsClaim;
  entryName: string;
  action: 'approve' | 'refuse';
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useClaimDecision();
  const copy = COPY[action];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    decide.mutate({ claimId: claim.claimId, action, reason }, { onSuccess: () => setOpen(false) });
  };
  const error = missing
    ? 'Give a reason: it is recorded with your name.'
    : decide.isError
      ? serverMessageOr(decide.error, 'That did not work. Please try again.')
      : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setMissing(false);
        decide.reset();
      }}
      title={copy.title(entryName)}
      description={copy.description}
      trigger={<Button variant={action === 'approve' ? 'primary' : 'outline'}>{copy.open}</Button>}
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
            variant={action === 'approve' ? 'primary' : 'destructive'}
            loading={decide.isPending}
            loadingText={copy.pending}
          >
            {copy.open}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
