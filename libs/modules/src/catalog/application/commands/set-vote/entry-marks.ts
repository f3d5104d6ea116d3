import type { EventSourcedRepository } from '@app/event-store';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../../../catalog-kind.js';
import { entryStreamId, markStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { decideMark, markFold } from '../../../domain/entry-marks.js';

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
  options: { waitFor: readonly string[]; changed?: (on: boolean, tx: Queryable) => Promise<unknown> },
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
    },
  );
  return result;
}
