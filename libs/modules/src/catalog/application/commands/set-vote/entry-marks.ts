import type { EventSourcedRepository } from '@app/event-store';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../../../catalog-kind.js';
import { entryStreamId, markStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { decideMark, markFold } from '../../../domain/entry-marks.js';
import { duplicatesOf, survivorOf } from '../../services/entry-merges.js';

export interface MarkCommand {
  userId: string;
  entryId: string;
  /** The state asked for; without it, a toggle. */
  wanted: boolean | undefined;
  requestId?: string;
}

/**
 * The name of the entry a vote or favourite is for, from its own stream (an entry added a moment ago
 * counts, though the read model may not show it yet). Throws the kind's not-found error when there is none.
 */
export async function entryNameOnFile(
  repository: EventSourcedRepository,
  kind: Pick<CatalogKind, 'name' | 'entryFold' | 'notFound'>,
  entryId: string,
): Promise<string> {
  if (!isCatalogId(entryId)) throw kind.notFound();
  const { state } = await repository.load(entryStreamId(kind.name, entryId), kind.entryFold);
  if (state.name === null) throw kind.notFound();
  return state.name;
}

/**
 * Sets a fan's vote or favourite on the (entry, fan) stream and answers whether it is now on. `changed`
 * runs in the append's transaction when the state really changes (a vote's reward).
 */
export async function setMark(
  repository: EventSourcedRepository,
  kind: Pick<CatalogKind, 'name' | 'vote' | 'favorite'>,
  which: 'vote' | 'favorite',
  { userId, entryId, wanted, requestId }: MarkCommand,
  options: {
    waitFor: readonly string[];
    changed?: (on: boolean, tx: Queryable) => Promise<unknown>;
    /** The fan's streams of the same mark on duplicates merged into the entry (markedAs). */
    alsoRead?: readonly string[];
  },
): Promise<boolean> {
  const mark = kind[which];
  const { result } = await repository.execute(
    markStreamId(kind.name, which, entryId, userId),
    markFold(mark),
    async (state, tx) => {
      const events = decideMark(mark, state, { entryId, userId, wanted });
      const on = events[0] ? events[0].type === mark.on : state.on;
      if (events[0]) await options.changed?.(on, tx);
      return { events, result: on };
    },
    {
      metadata: { actingUserId: userId, requestId },
      // Many identical requests at once all land on this fan's own stream: each decides again.
      maxAttempts: 100,
      waitFor: options.waitFor,
      alsoRead: options.alsoRead,
    },
  );
  return result;
}

/**
 * The entry a mark really goes to, and the fan's streams of that mark on the duplicates merged into it:
 * a vote for a merged duplicate is the survivor's, and a fan who voted for a duplicate before the merge
 * has voted for the survivor (their streams fold together in log order), so they cannot vote twice.
 */
export async function markedAs(
  db: Queryable,
  kind: Pick<CatalogKind, 'name'>,
  which: 'vote' | 'favorite',
  entryId: string,
  userId: string,
): Promise<{ entryId: string; alsoRead: string[] }> {
  const survivor = await survivorOf(db, kind.name, entryId);
  const duplicates = await duplicatesOf(db, kind.name, survivor);
  return { entryId: survivor, alsoRead: duplicates.map((id) => markStreamId(kind.name, which, id, userId)) };
}
