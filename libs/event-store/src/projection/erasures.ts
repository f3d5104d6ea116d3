import type { EventEnvelope, StoredEvent } from '../stored-event.js';
import { settle, type BatchTail } from './log-consumer.js';

/** The event that records a member's erasure (identity's MemberErased): it names only the member. */
export interface ErasureEvent {
  type: 'MemberErased';
  data: { userId: string };
}

/**
 * Handles a projection's batch around the erasures in it, in log order: each run of other events with
 * `handle` (the projection's batch code, written once per run), then `erase` for the member (a
 * statement that scrubs or deletes the member's rows). So the rows an erasure scrubs include those the
 * events just before it in the same batch made, and a replay ends with the same rows as the live run.
 * The last run's tail (BatchTail) is the batch's; a run's before an erasure is awaited first.
 */
export async function handleAroundErasures<E extends EventEnvelope>(
  events: readonly StoredEvent<E | ErasureEvent>[],
  handle: (events: StoredEvent<E>[]) => Promise<void | BatchTail>,
  erase: (userId: string) => Promise<void>,
): Promise<void | BatchTail> {
  let run: StoredEvent<E>[] = [];
  for (const event of events) {
    if (event.type === 'MemberErased') {
      if (run.length > 0) await settle(await handle(run));
      run = [];
      await erase((event.data as ErasureEvent['data']).userId);
    } else {
      run.push(event as StoredEvent<E>);
    }
  }
  if (run.length > 0) return handle(run);
}
