import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, CheckCheck, Eye, EyeOff, Inbox, Merge, Mic2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MODERATION_REASON_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type TOpsReportGroup } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import {
  mergeCandidatesQueryOptions,
  opsReportQueueQueryOptions,
  useMergeEntry,
  useModerateEntry,
  type ModerationAction,
  type ReportStatus,
} from '../api/reports';
import { OpsShell } from './ops-shell';

const STATUSES: { value: ReportStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
];

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Reported artists and venues, newest report first: hide or restore an entry, or dismiss its reports. */
export function OpsReports() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const queue = useInfiniteQuery(opsReportQueueQueryOptions(status));
  const groups = queue.data?.pages.flatMap((page) => page.groups) ?? [];
  return (
    <OpsShell title="Reports">
      <div
        role="group"
        aria-label="Show reports"
        className="inline-flex self-start rounded-full border border-border bg-surface p-1"
      >
        {STATUSES.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              status === value && 'bg-accent text-accent-foreground hover:text-accent-foreground',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {queue.isError ? (
        <p role="alert" className="rounded-2xl border border-border bg-surface p-6 text-destructive-text">
          {serverMessageOr(queue.error, 'The reports could not load. Please try again.')}
        </p>
      ) : queue.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading reports">
          <Skeleton className="h-44 rounded-3xl" />
          <Skeleton className="h-44 rounded-3xl" />
        </div>
      ) : groups.length === 0 ? (
        <p
          role="status"
          className="flex items-center gap-3 rounded-2xl border border-border bg-surface p-6 text-muted-foreground"
        >
          <Inbox aria-hidden="true" className="size-5 shrink-0" />
          {status === 'open' ? 'No open reports. The map is in good shape.' : 'No dismissed reports yet.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={status === 'open' ? 'Open reports' : 'Dismissed reports'}>
          {groups.map((group) => (
            <li key={`${group.kind}-${group.entryId}`}>
              <ReportCard group={group} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={queue.hasNextPage}
        loading={queue.isFetchingNextPage}
        onLoadMore={() => void queue.fetchNextPage()}
        label="Load more reports"
      />
    </OpsShell>
  );
}

function ReportCard({ group }: { group: TOpsReportGroup }) {
  const noun = group.kind === 'artist' ? 'Artist' : 'Venue';
  const Icon = group.kind === 'artist' ? Mic2 : Building2;
  const name = group.name ?? `${noun} ${group.entryId.slice(0, 8)}`;
  const total = REPORT_REASONS.reduce((sum, reason) => sum + group.counts[reason], 0);
  const headingId = `report-${group.kind}-${group.entryId}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardContent className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
              <Icon aria-hidden="true" className="size-3.5" />
              {noun}
            </p>
            <h2 id={headingId} className="mt-1 text-xl font-bold tracking-tight break-words">
              <Link
                to={group.kind === 'artist' ? '/artist/$id' : '/venue/$id'}
                params={{ id: group.entryId }}
                className="underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {name}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {total} {total === 1 ? 'report' : 'reports'} · last {WHEN.format(new Date(group.lastReportedAt))}
            </p>
          </div>
          {group.hidden ? (
            <Badge variant="destructive" size="lg" className="self-start">
              <EyeOff aria-hidden="true" /> Hidden
            </Badge>
          ) : (
            <Badge variant="soft" size="lg" className="self-start">
              <Eye aria-hidden="true" /> Public
            </Badge>
          )}
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Reports by reason">
          {REPORT_REASONS.filter((reason) => group.counts[reason] > 0).map((reason) => (
            <li key={reason}>
              <Badge variant={reason === 'offensive' ? 'destructive' : 'default'}>
                {REPORT_REASON_LABELS[reason]}: {group.counts[reason]}
              </Badge>
            </li>
          ))}
        </ul>
        {group.texts.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="What members wrote">
            {group.texts.map((entry) => (
              <li
                key={`${entry.reportedAt}-${entry.text}`}
                className="rounded-2xl border border-border bg-surface p-3 text-sm"
              >
                <p className="break-words whitespace-pre-wrap">{entry.text}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {REPORT_REASON_LABELS[entry.reason]} · {WHEN.format(new Date(entry.reportedAt))}
                </p>
              </li>
            ))}
          </ul>
        )}
        {(group.hidden || group.dismissal) && (
          <dl className="grid gap-1 rounded-2xl border border-border bg-surface p-4 text-sm">
            {group.hidden && (
              <>
                <dt className="font-semibold">Hidden because</dt>
                <dd className="break-words whitespace-pre-wrap text-muted-foreground">{group.hidden.reason}</dd>
              </>
            )}
            {group.dismissal && (
              <>
                <dt className={cn('font-semibold', group.hidden && 'mt-2')}>Dismissed because</dt>
                <dd className="break-words whitespace-pre-wrap text-muted-foreground">{group.dismissal.reason}</dd>
              </>
            )}
          </dl>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {group.hidden ? (
            <DecisionDialog group={group} name={name} action="restore" />
          ) : (
            <DecisionDialog group={group} name={name} action="hide" />
          )}
          {group.status === 'open' && <DecisionDialog group={group} name={name} action="dismiss-reports" />}
          {group.counts.duplicate > 0 && !group.hidden && <MergeDialog group={group} name={name} />}
        </div>
      </CardContent>
    </Card>
  );
}

const COPY = {
  hide: {
    open: 'Hide',
    title: (name: string) => `Hide ${name}`,
    description:
      'It leaves lists, search, favourites and its profile for every member. Its adder still sees it, with your reason.',
    confirm: 'Hide',
    pending: 'Hiding...',
    variant: 'destructive',
  },
  restore: {
    open: 'Restore',
    title: (name: string) => `Restore ${name}`,
    description: 'It comes back to lists, search, favourites and its profile.',
    confirm: 'Restore',
    pending: 'Restoring...',
    variant: 'primary',
  },
  'dismiss-reports': {
    open: 'Dismiss reports',
    title: (name: string) => `Dismiss the reports on ${name}`,
    description: 'The open reports move to Dismissed. The entry stays as it is.',
    confirm: 'Dismiss reports',
    pending: 'Dismissing...',
    variant: 'primary',
  },
} as const;

function DecisionDialog({ group, name, action }: { group: TOpsReportGroup; name: string; action: ModerationAction }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const decide = useModerateEntry();
  const copy = COPY[action];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(true);
    decide.mutate(
      { kind: group.kind, id: group.entryId, action, reason },
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
      title={copy.title(name)}
      description={copy.description}
      trigger={
        <Button
          variant={action === 'hide' ? 'destructive' : action === 'restore' ? 'primary' : 'secondary'}
          className="sm:self-start"
        >
          {action === 'dismiss-reports' && <CheckCheck aria-hidden="true" />}
          {action === 'hide' && <EyeOff aria-hidden="true" />}
          {action === 'restore' && <Eye aria-hidden="true" />}
          {copy.open}
        </Button>
      }
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <Field
          label="Reason"
          help={`Recorded with your name.${action === 'hide' ? ' The adder sees it.' : ''} Up to ${MODERATION_REASON_MAX} characters.`}
          error={error}
          required
        >
          <Textarea
            name="reason"
            maxLength={MODERATION_REASON_MAX}
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
          <Button type="submit" variant={copy.variant} loading={decide.isPending} loadingText={copy.pending}>
            {copy.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * "Merge into...": the operator finds the entry to keep by name (same kind), then gives a reason. The
 * duplicate's votes, favourites, fans and links move there and its old link leads there.
 */
function MergeDialog({ group, name }: { group: TOpsReportGroup; name: string }) {
  const noun = group.kind === 'artist' ? 'artist' : 'venue';
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [survivor, setSurvivor] = useState<{ id: string; name: string } | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const search = useQuery(mergeCandidatesQueryOptions(group.kind, q));
  const candidates = (search.data ?? []).filter((candidate) => candidate.id !== group.entryId);
  const merge = useMergeEntry();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!survivor || !reason.trim()) return;
    merge.mutate(
      { kind: group.kind, id: group.entryId, survivorId: survivor.id, reason },
      { onSuccess: () => setOpen(false) },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTried(false);
        merge.reset();
      }}
      title={`Merge ${name} into another ${noun}`}
      description={`Its votes, favourites, fans, links and fan messages move to the ${noun} you keep; its page leads there.`}
      trigger={
        <Button variant="secondary" className="sm:self-start">
          <Merge aria-hidden="true" />
          Merge into...
        </Button>
      }
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <Field label={`Find the ${noun} to keep`} help="Type at least 2 letters of its name.">
          <Input name="q" type="search" autoComplete="off" value={q} onChange={(event) => setQ(event.target.value)} />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold">{`The ${noun} to keep`}</legend>
          {q.trim().length < 2 ? (
            <p className="text-sm text-muted-foreground">Search above to list candidates.</p>
          ) : search.isFetching && candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">Searching...</p>
          ) : candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other {noun} has that name.</p>
          ) : (
            candidates.map((candidate) => (
              <div
                key={candidate.id}
                className="relative flex items-center gap-3 rounded-2xl border border-border bg-surface p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  id={`survivor-${candidate.id}`}
                  type="radio"
                  name="survivor"
                  checked={survivor?.id === candidate.id}
                  onChange={() => setSurvivor(candidate)}
                  className="relative z-10 size-4 accent-accent focus-visible:outline-none"
                />
                <label
                  htmlFor={`survivor-${candidate.id}`}
                  className="min-w-0 cursor-pointer font-semibold break-words after:absolute after:inset-0 after:content-['']"
                >
                  {candidate.name}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {candidate.addedBy === null ? 'Added' : `Added by fan #${candidate.addedBy}`} ·{' '}
                    {candidate.id.slice(0, 8)}
                  </span>
                </label>
              </div>
            ))
          )}
          {tried && !survivor && (
            <p role="alert" className="text-sm text-destructive-text">
              Choose the {noun} to keep.
            </p>
          )}
        </fieldset>
        <Field
          label="Reason"
          help={`Recorded with your name. Up to ${MODERATION_REASON_MAX} characters.`}
          error={
            tried && !reason.trim()
              ? 'Give a reason: it is recorded with your name.'
              : merge.isError
                ? serverMessageOr(merge.error, 'The merge did not work. Please try again.')
                : undefined
          }
          required
        >
          <Textarea
            name="reason"
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button type="button" variant="ghost">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" loading={merge.isPending} loadingText="Merging...">
            {survivor ? `Merge into ${survivor.name}` : 'Merge'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
