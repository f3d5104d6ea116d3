import type { Queryable } from '@app/platform';
import { readAll, readHead } from '../event-store.js';
import { compareLogPositions, type LogPosition } from '../log-position.js';
import type { StoredEvent } from '../stored-event.js';
import { settle, type LogConsumer } from './log-consumer.js';

export interface BatchResult {
  /** The position the consumer has now passed. */
  next: LogPosition;
  /** Events handed to the consumer. */
  handled: number;
  /** True when the position moved (events handled, or skipped because of the type filter). */
  moved: boolean;
  /** The requests that caused the batch's events (their metadata's requestId), the first 20 distinct. */
  requestIds: string[];
}

const MAX_REQUEST_IDS = 20;

/** The requests that caused these events (their metadata's requestId), the first 20 distinct, for logs. */
export function requestIdsOf(events: readonly StoredEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.metadata.requestId) ids.add(event.metadata.requestId);
    if (ids.size === MAX_REQUEST_IDS) break;
  }
  return [...ids];
}

/** A batch read for a consumer, not handled yet: its events and where the consumer stands after them. */
export interface ReadBatch {
  events: StoredEvent[];
  /** The position the consumer has passed once it has handled `events`. */
  next: LogPosition;
  /** True when the position moves (events to handle, or skipped because of the type filter). */
  moved: boolean;
}

/**
 * Reads the next batch after `from` for the consumer (bounded by the final head, or by `upTo`), without
 * handling it: a rebuild reads the next batch while the previous one is being written.
 */
export async function readBatch(
  db: Queryable,
  consumer: LogConsumer,
  from: LogPosition,
  options: { limit: number; upTo?: LogPosition },
): Promise<ReadBatch> {
  let bound = await readHead(db);
  if (options.upTo && compareLogPositions(options.upTo, bound) < 0) bound = options.upTo;
  if (compareLogPositions(bound, from) <= 0) return { events: [], next: from, moved: false };

  const events = await readAll(db, from, { limit: options.limit, types: consumer.eventTypes, upTo: bound });
  // A full batch may have more behind it; a partial one means everything up to the bound is done.
  const next = (events.length === options.limit ? events.at(-1) : undefined) ?? bound;
  return { events, next: { transactionId: next.transactionId, globalPosition: next.globalPosition }, moved: true };
}

/**
 * Reads the next batch after `from` (bounded by the final head, or by `upTo`) and hands it to the
 * consumer. Runs in the caller's transaction and leaves checkpointing to the caller.
 */
export async function projectBatch(
  db: Queryable,
  consumer: LogConsumer,
  from: LogPosition,
  options: { limit: number; upTo?: LogPosition },
): Promise<BatchResult> {
  const { events, next, moved } = await readBatch(db, consumer, from, options);
  if (events.length > 0) await settle(await consumer.handle(events, db));
  return { next, handled: events.length, moved, requestIds: requestIdsOf(events) };
}
