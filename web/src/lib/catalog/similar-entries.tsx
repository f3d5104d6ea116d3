import { BadgeCheck, CircleCheck, Sparkles, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { similarLabel } from './format';

/** A possible duplicate as the search answers it: who it is and why it matched. */
interface SimilarEntry {
  id: string;
  name: string;
  matchReasons: readonly string[];
}

export interface SimilarEntriesProps<T extends SimilarEntry> {
  noun: 'artist' | 'venue';
  results: readonly T[];
  /** The line under the name (genres and type; place and venue type). */
  describe: (entry: T) => ReactNode;
  /** Whether this fan already has it (verified the artist, added the venue): then 'Load', not 'Is this ...?'. */
  isMine: (entry: T) => boolean;
  /** The badge saying how this fan is already tied to it, if they are. */
  mineLabel: (entry: T) => string | null;
  /** The question that confirms it: 'Is this them?' or 'Is this it?'. */
  confirmLabel: string;
  onConfirm: (entry: T) => void;
  onLoad: (entry: T) => void;
  /** 'No, this is a different artist / venue'. */
  onDismiss: () => void;
  /** The entry whose details are being fetched for loading. */
  loadingId?: string | null;
}

/** docs/product.md §2 "Add artist" / "Add venue": 'Found n similar ...', each with why it matched and what to do. */
export function SimilarEntries<T extends SimilarEntry>(props: SimilarEntriesProps<T>) {
  const { noun, results, onDismiss } = props;
  const headingId = useId();
  const article = noun === 'artist' ? 'an' : 'a';
  return (
    <section
      aria-labelledby={headingId}
      className="animate-fade-in rounded-2xl border border-accent/35 bg-accent-soft/60 p-4 sm:p-5"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-display text-base font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-accent" />
        {similarLabel(results.length, noun)}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Is one of them the {noun} you mean? Confirming {article} {noun} already here earns Payola too.
      </p>
      <ul className="mt-4 flex flex-col gap-3">
        {results.map((entry) => (
          <SimilarItem key={entry.id} entry={entry} {...props} />
        ))}
      </ul>
      <Button variant="ghost" size="sm" className="mt-3 -ml-2" onClick={onDismiss}>
        <X aria-hidden="true" />
        No, this is a different {noun}
      </Button>
    </section>
  );
}

function SimilarItem<T extends SimilarEntry>({
  entry,
  noun,
  describe,
  isMine,
  mineLabel,
  confirmLabel,
  onConfirm,
  onLoad,
  loadingId,
}: SimilarEntriesProps<T> & { entry: T }) {
  const nameId = useId();
  const mine = isMine(entry);
  const tie = mineLabel(entry);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p id={nameId} className="font-display text-lg font-semibold break-words">
          {entry.name}
        </p>
        {describe(entry)}
        {(entry.matchReasons.length > 0 || tie) && (
          <ul aria-label="Why it matched" className="mt-2 flex flex-wrap gap-1.5">
            {entry.matchReasons.map((reason) => (
              <li key={reason}>
                <Badge variant="outline" size="sm">
                  <CircleCheck aria-hidden="true" />
                  {reason}
                </Badge>
              </li>
            ))}
            {tie && (
              <li>
                <Badge variant="soft" size="sm">
                  <BadgeCheck aria-hidden="true" />
                  {tie}
                </Badge>
              </li>
            )}
          </ul>
        )}
      </div>
      <Button
        variant={mine ? 'outline' : 'primary'}
        size="sm"
        className="self-start sm:self-center"
        aria-describedby={nameId}
        loading={loadingId === entry.id}
        onClick={() => (mine ? onLoad(entry) : onConfirm(entry))}
      >
        {mine ? `Load this ${noun}` : confirmLabel}
      </Button>
    </li>
  );
}
