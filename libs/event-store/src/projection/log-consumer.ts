import type { Queryable } from '@app/platform';
import type { StoredEvent } from '../stored-event.js';

interface LogConsumerBase {
  /** Unique and stable: it names the checkpoint. */
  readonly name: string;
  /** The event types it reads; every type when absent. */
  readonly eventTypes?: readonly string[];
  /**
   * Handles a batch of events in log order, inside the transaction that also moves the checkpoint.
   * A crash anywhere rolls both back, so a batch is applied exactly once.
   */
  handle(events: readonly StoredEvent[], db: Queryable): Promise<void>;
}

/**
 * Turns events into read-model rows. It owns its tables: a replay rebuilds them from the start of
 * the log into a fresh schema and swaps them in. Handlers must not read the clock or other tables
 * that a replay does not rebuild, so that a rebuild gives the same rows.
 */
export interface Projection extends LogConsumerBase {
  readonly kind: 'projection';
  /** The unqualified names of the tables it owns. */
  readonly tables: readonly string[];
  /** Creates its tables with unqualified names (search_path picks the schema); must be idempotent. */
  setup(db: Queryable): Promise<void>;
}

/**
 * Performs side effects (emails, follow-up commands) for new events. Reactors are never replayed:
 * a rebuild must not send an email twice. They must be idempotent per event.
 */
export interface Reactor extends LogConsumerBase {
  readonly kind: 'reactor';
}

export type LogConsumer = Projection | Reactor;
