import { setTimeout as sleep } from 'node:timers/promises';
import type { TEventMetadata } from '@app/contracts';
import { withTransaction, type Pool, type Queryable } from '@app/platform';
import { StreamVersionConflictError } from './errors.js';
import type { AppendResult, EventStore } from './event-store.js';
import type { ProjectionWaiter } from './projection/projection-waiter.js';
import type { EventEnvelope, NewEvent } from './stored-event.js';

/**
 * How a use case sees a stream: the event types it reads (others in the stream pass by, so a
 * module folds only its own events) and a pure evolve over them.
 */
export interface Fold<S, E extends EventEnvelope> {
  readonly eventTypes: readonly E['type'][];
  initialState(): S;
  evolve(state: S, event: E): S;
}

export interface Loaded<S> {
  state: S;
  /** The stream's version (all event types), the expected version of the next append. */
  version: number;
}

/** What a decision produced: the events to append (none is a valid answer) and the caller's result. */
export interface Decided<E extends EventEnvelope, R> {
  events: readonly E[];
  result: R;
}

export interface ExecuteOptions {
  /** Recorded with every appended event. */
  metadata?: TEventMetadata;
  /**
   * Read-your-writes: wait (bounded) until these projectors have passed the append. A wait that runs
   * out is not an error (the write is durable) but it is never hidden: `caughtUp` says so and the
   * request's read-model lag report names the projectors, which the api passes on to the client.
   */
  waitFor?: readonly string[];
  waitTimeoutMs?: number;
  /** Attempts when another append to the stream wins the race (each attempt decides again; 20 by default). */
  maxAttempts?: number;
  /**
   * Run inside the caller's transaction (a reactor's batch). No retry is possible there: a conflict
   * aborts the caller, which retries its whole batch. The caller notifies after its commit.
   */
  client?: Queryable;
  /** Streams folded in besides `streamId` (see `loadStream`); never checked against a version. */
  alsoRead?: readonly string[];
}

export interface Executed<R> {
  result: R;
  /** Null when the decision appended nothing. */
  appended: AppendResult | null;
  /** False when a `waitFor` ran out before the named projectors showed the append. */
  caughtUp?: boolean;
}

/**
 * The one way a use case changes an event-sourced stream: load and fold it, decide, append with the
 * expected version, all in one transaction (so a reservation row the decision writes commits with
 * its events or not at all); decide again when a concurrent append wins; then wake the projectors
 * and, if asked, wait until the named ones show the change.
 */
export class EventSourcedRepository {
  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
  ) {}

  load<S, E extends EventEnvelope>(
    streamId: string,
    fold: Fold<S, E>,
    db: Queryable = this.pool,
    alsoRead: readonly string[] = [],
  ): Promise<Loaded<S>> {
    return loadStream(this.store, db, streamId, fold, alsoRead);
  }

  async execute<S, E extends EventEnvelope, R>(
    streamId: string,
    fold: Fold<S, E>,
    decide: (state: S, tx: Queryable) => Decided<E, R> | Promise<Decided<E, R>>,
    options: ExecuteOptions = {},
  ): Promise<Executed<R>> {
    const { alsoRead = [] } = options;
    if (options.client) {
      return decideAndAppend(this.store, options.client, streamId, fold, decide, options.metadata, alsoRead);
    }
    const executed = await retryOnStreamConflict(
      () =>
        withTransaction(this.pool, (client) =>
          decideAndAppend(this.store, client, streamId, fold, decide, options.metadata, alsoRead),
        ),
      options.maxAttempts ?? 20,
    );
    if (executed.appended) {
      this.store.notifyAppended(executed.appended);
      if (options.waitFor?.length) {
        const { position } = executed.appended;
        const caughtUp = await this.waiter.waitFor(position, options.waitFor, options.waitTimeoutMs ?? 3000);
        return { ...executed, caughtUp };
      }
    }
    return executed;
  }
}

/**
 * Runs `work` (a whole transaction) again when a stream it appends to moved on meanwhile: each attempt
 * decides again on what is there then. After `maxAttempts` the last conflict is thrown.
 */
export async function retryOnStreamConflict<T>(work: () => Promise<T>, maxAttempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError) || attempt >= maxAttempts) throw error;
      // Writers racing on one stream (ten fans verifying one artist) would otherwise collide again at
      // once; a short random pause spreads their next attempts apart.
      await sleep(Math.random() * Math.min(attempt * 5, 50));
    }
  }
}

/**
 * Folds a stream; with `alsoRead`, the fold's events on those streams too, all in log order. Only
 * `streamId`'s version is returned (the expected version of the next append): a decision may rest on
 * facts another owner records on its own stream (a payment, for the identity check) without the two
 * writers contending, as long as it only needs facts that are never undone there.
 */
export async function loadStream<S, E extends EventEnvelope>(
  store: EventStore,
  db: Queryable,
  streamId: string,
  fold: Fold<S, E>,
  alsoRead: readonly string[] = [],
): Promise<Loaded<S>> {
  const version = await store.streamVersion(streamId, db);
  if (version === 0 && alsoRead.length === 0) return { state: fold.initialState(), version };
  const events =
    alsoRead.length === 0
      ? await store.readStream<E>(streamId, db, fold.eventTypes)
      : await store.readStreams<E>([streamId, ...alsoRead], db, fold.eventTypes);
  return { state: events.reduce((state, event) => fold.evolve(state, event), fold.initialState()), version };
}

/**
 * One attempt in the caller's transaction: load, decide, append with the expected version. The
 * repository wraps it with the transaction and retries; a reactor calls it inside its batch.
 * The caller notifies the projectors after its commit.
 */
export async function decideAndAppend<S, E extends EventEnvelope, R>(
  store: EventStore,
  client: Queryable,
  streamId: string,
  fold: Fold<S, E>,
  decide: (state: S, tx: Queryable) => Decided<E, R> | Promise<Decided<E, R>>,
  metadata: TEventMetadata = {},
  alsoRead: readonly string[] = [],
): Promise<Executed<R>> {
  const { state, version } = await loadStream(store, client, streamId, fold, alsoRead);
  const { events, result } = await decide(state, client);
  if (events.length === 0) return { result, appended: null };
  const appended = await store.append(
    streamId,
    version === 0 ? 'no_stream' : version,
    // A spread of a union-typed event is not known to stay that union member: it does, type and data kept.
    events.map((event) => ({ ...event, metadata }) as NewEvent<E>),
    { client },
  );
  return { result, appended };
}
