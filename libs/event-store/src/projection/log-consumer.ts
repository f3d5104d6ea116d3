import { requestContext, type Queryable } from '@app/platform';
import type { EventEnvelope, StoredEvent } from '../stored-event.js';
import type { ReadModelMigration } from './read-model-migration.js';

interface LogConsumerBase<E extends EventEnvelope> {
  /** Unique and stable: it names the checkpoint. */
  readonly name: string;
  /** The event types it reads; every type when absent. */
  readonly eventTypes?: readonly E['type'][];
  /**
   * Handles a batch of events in log order, inside the transaction that also moves the checkpoint.
   * A crash anywhere rolls both back, so a batch is applied exactly once. It may leave its last writes
   * in flight (a BatchTail): the caller commits behind them, in the same round trip, and fails with them.
   */
  handle(events: readonly StoredEvent<E>[], db: Queryable): Promise<void | BatchTail>;
}

/**
 * A batch's last writes, sent but not yet answered: nothing of the batch reads what they return, so the
 * caller's next statement (the checkpoint's move and COMMIT) goes on the same pipelined connection
 * behind them (pool.ts) instead of a round trip later. A write that fails fails the statements behind
 * it, so the COMMIT never runs without them. Make one with `tailOf`, which handles its failure at once
 * (it is reported by `settle`, not as an unhandled rejection while the caller is still busy).
 */
export interface BatchTail {
  readonly written: Promise<void>;
}

/** The writes as a batch's tail (see BatchTail). */
export function tailOf(writes: readonly Promise<unknown>[]): BatchTail {
  const written = Promise.all(writes).then(() => undefined);
  written.catch(() => undefined);
  return { written };
}

/**
 * Waits for a handler's tail, if it left one, and for `next`, the statement the caller sent behind it;
 * throws the tail's error first (the reason the statements behind it failed).
 */
export async function settle<T>(tail: void | BatchTail, next?: Promise<T>): Promise<T | undefined> {
  next?.catch(() => undefined);
  if (tail) await tail.written;
  return next ? await next : undefined;
}

/**
 * Turns events into read-model rows. It owns its tables: a replay rebuilds them from the start of
 * the log into a fresh schema and swaps them in. Handlers must not read the clock or other tables
 * that a replay does not rebuild, so that a rebuild gives the same rows.
 */
export interface Projection<E extends EventEnvelope = EventEnvelope> extends LogConsumerBase<E> {
  readonly kind: 'projection';
  /** The unqualified names of the tables it owns. */
  readonly tables: readonly string[];
  /**
   * How its tables are made, as numbered migrations with unqualified names (search_path picks the
   * schema). The live tables get the ones not applied yet; a replay or verify builds scratch tables
   * from all of them, so both always have the same shape. Never edit a landed migration: add one.
   */
  readonly migrations: readonly ReadModelMigration[];
  /**
   * Tables whose secondary indexes (neither unique nor primary) no handler reads through: a rebuild
   * fills them without those indexes and makes each once afterwards, cheaper than keeping them current
   * batch by batch. A table a handler looks rows up in by such an index must not be listed.
   */
  readonly rebuildDefersIndexesOf?: readonly string[];
}

/**
 * Performs side effects (emails, follow-up commands) for new events. Reactors are never replayed:
 * a rebuild must not send an email twice. They must be idempotent per event.
 */
export interface Reactor<E extends EventEnvelope = EventEnvelope> extends LogConsumerBase<E> {
  readonly kind: 'reactor';
}

export type LogConsumer = Projection | Reactor;

/** Types a projection by the events it reads: `defineProjection<EventOfType<'A' | 'B'>>({...})`. */
export function defineProjection<E extends EventEnvelope>(projection: Projection<E>): Projection<E> {
  return projection;
}

export function defineReactor<E extends EventEnvelope>(reactor: Reactor<E>): Reactor<E> {
  return reactor;
}

/**
 * Handles events one at a time, each on behalf of the request that caused it: what a reactor appends
 * carries that request's id in its metadata, and the lines it logs name it.
 */
export async function forEachInItsRequest<E extends EventEnvelope>(
  events: readonly StoredEvent<E>[],
  handle: (event: StoredEvent<E>) => Promise<void>,
): Promise<void> {
  for (const event of events) await requestContext.run(event.metadata.requestId, () => handle(event));
}
