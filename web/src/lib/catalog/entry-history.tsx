import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  BadgeCheck,
  ChevronDown,
  EyeOff,
  History,
  Link2,
  PencilLine,
  PlusCircle,
  RotateCcw,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import type { TEntryHistoryItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api-client';
import { entryHistoryQueryOptions, type CatalogRoot } from './entry-claims-queries';

type Noun = 'artist' | 'venue';

const ACTIONS: Record<TEntryHistoryItem['action'], { icon: LucideIcon; title: (noun: Noun) => string }> = {
  added: { icon: PlusCircle, title: (noun) => `Added the ${noun}` },
  verified: { icon: BadgeCheck, title: (noun) => (noun === 'artist' ? 'Verified the artist' : 'Confirmed the venue') },
  'links-added': { icon: Link2, title: () => 'Added links' },
  'details-edited': { icon: PencilLine, title: () => 'Edited the details' },
  claimed: { icon: ShieldCheck, title: (noun) => `Claimed by the ${noun}` },
  hidden: { icon: EyeOff, title: () => 'Hidden by an operator' },
  restored: { icon: RotateCcw, title: () => 'Restored by an operator' },
};

/** Who, as members know each other: a fan number, never a name or an email. */
function byLabel(by: TEntryHistoryItem['by'], noun: Noun): string {
  if (by.role === 'operator') return 'an operator';
  if (by.role === 'claimant') return by.fanNumber ? `the ${noun} (Fan #${by.fanNumber})` : `the ${noun}`;
  return by.fanNumber ? `Fan #${by.fanNumber}` : 'a member';
}

const RELATIVE = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 hours ago', 'yesterday', 'just now'. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

function absoluteTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * An entry's edit history (from the log, newest first): a collapsed section that loads only when opened,
 * then a page at a time as the list scrolls (or with the button).
 */
export function EntryHistory({ root, id, noun }: { root: CatalogRoot; id: string; noun: Noun }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Card className="mt-6 animate-rise p-6 [animation-delay:160ms] sm:p-7">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight">
          <History aria-hidden="true" className="size-5 text-accent" />
          History
        </h2>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide history' : 'Show history'}
          <ChevronDown
            aria-hidden="true"
            className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
        </Button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && <HistoryList root={root} id={id} noun={noun} />}
      </div>
    </Card>
  );
}

function HistoryList({ root, id, noun }: { root: CatalogRoot; id: string; noun: Noun }) {
  const history = useInfiniteQuery(entryHistoryQueryOptions(root, id));
  if (history.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the history" className="mt-5 flex flex-col gap-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="mt-5 flex flex-col items-start gap-3 text-destructive-text">
        {serverMessageOr(history.error, 'The history could not be loaded.')}
        <Button variant="secondary" size="sm" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = history.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="mt-5 text-subtle-foreground">No changes yet.</p>;
  return (
    <>
      <ol aria-label={`Changes to this ${noun}, newest first`} className="mt-5 flex flex-col gap-3">
        {items.map((item) => (
          <HistoryItem key={item.id} item={item} noun={noun} />
        ))}
      </ol>
      <LoadMore
        hasMore={history.hasNextPage}
        loading={history.isFetchingNextPage}
        onLoadMore={() => void history.fetchNextPage()}
        label="Load older changes"
      />
    </>
  );
}

function HistoryItem({ item, noun }: { item: TEntryHistoryItem; noun: Noun }) {
  const { icon: Icon, title } = ACTIONS[item.action];
  return (
    <li className="flex gap-3 rounded-2xl border border-border bg-surface p-4">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
        <Icon aria-hidden="true" className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {title(noun)} <span className="font-normal text-muted-foreground">by {byLabel(item.by, noun)}</span>
        </p>
        <p className="text-sm text-subtle-foreground">
          <time dateTime={item.at} title={absoluteTime(item.at)}>
            {relativeTime(item.at)}
          </time>
          <span aria-hidden="true"> · </span>
          <span>{absoluteTime(item.at)}</span>
        </p>
        {item.changes.length > 0 && (
          <dl className="mt-3 grid gap-2 text-sm">
            {item.changes.map((change, index) => (
              <div key={`${change.field}-${index}`} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
                <dt className="font-medium text-muted-foreground">{change.field}</dt>
                <dd className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 break-words">
                  {change.from !== null && (
                    <>
                      <span className="sr-only">from</span>
                      <del className="text-subtle-foreground">{change.from}</del>
                    </>
                  )}
                  {change.from !== null && change.to !== null && (
                    <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-subtle-foreground" />
                  )}
                  {change.to !== null ? (
                    <>
                      <span className="sr-only">to</span>
                      <ins className="text-foreground no-underline">{change.to}</ins>
                    </>
                  ) : (
                    <span className="text-subtle-foreground italic">(removed)</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
