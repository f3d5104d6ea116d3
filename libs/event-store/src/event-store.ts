import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { EventRegistry } from '@app/contracts';
import { preparedStatement, requestContext, type Pool, type Queryable } from '@app/platform';
import { StreamVersionConflictError, type ExpectedVersion } from './errors.js';
import { LOG_START, type LogPosition } from './log-position.js';
import { openRows, sealForAppend } from './personal-data-crypto.js';
import {
  EVENT_COLUMNS,
  toStoredEvent,
  type EventEnvelope,
  type EventRow,
  type NewEvent,
  type StoredEvent,
} from './stored-event.js';

export interface AppendResult {
  /** The stream's version after the append. */
  streamVersion: number;
  /** Where the last appended event sits in the global log (for read-your-writes waits). */
  position: LogPosition;
}

export interface AppendOptions {
  /** Append inside the caller's transaction, e.g. together with a uniqueness reservation. */
  client?: Queryable;
}

export interface ReadAllOptions {
  limit: number;
  /** Only these event types; all types when absent. */
  types?: readonly string[];
  /** Inclusive upper bound, typically a head() taken earlier. */
  upTo?: LogPosition;
}

/** Called after every append that committed; the API uses it to wake the projecting worker. */
export type AppendListener = (result: AppendResult) => void;

const STREAM_VERSION_CONFLICT = 'ES409';

function expectedVersionArgument(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected version ${expected}`);
  return expected;
}

export class EventStore {
  private readonly listeners: AppendListener[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly registry: EventRegistry,
  ) {}

  onAppended(listener: AppendListener): void {
    this.listeners.push(listener);
  }

  /**
   * Appends events to a stream if it is still at `expectedVersion`, atomically. Every event is
   * validated against its registered schema first, so nothing invalid is ever written, and its
   * personal fields are sealed with their subject's key (personal-data-crypto.ts).
   */
  async append<E extends EventEnvelope>(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: readonly NewEvent<E>[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    // The request this append runs for (the api's per request, the worker's per causing event), unless set.
    const requestId = requestContext.requestId();
    const validated = events.map((event) => {
      const { data, schemaVersion, personal } = this.registry.validate(event.type, event.data);
      const metadata = event.metadata ?? {};
      return {
        type: event.type,
        schemaVersion,
        data,
        metadata: requestId === undefined || metadata.requestId !== undefined ? metadata : { ...metadata, requestId },
        personal,
      };
    });
    const db = options.client ?? this.pool;
    await sealForAppend(db, validated);
    const payload = validated.map(({ personal: _personal, ...event }) => event);
    let rows: { stream_version: number; global_position: number; transaction_id: string }[];
    try {
      const result = await db.query<(typeof rows)[number]>(
        'select stream_version, global_position, transaction_id::text as transaction_id from append_events($1, $2, $3)',
        [streamId, expectedVersionArgument(expectedVersion), JSON.stringify(payload)],
      );
      rows = result.rows;
    } catch (error) {
      if (error instanceof pg.DatabaseError && error.code === STREAM_VERSION_CONFLICT) {
        throw new StreamVersionConflictError(streamId, expectedVersion, Number(error.detail ?? 0));
      }
      throw error;
    }
    const last = rows.at(-1);
    if (!last) throw new Error('append_events answered no row for a non-empty append');
    const result: AppendResult = {
      streamVersion: last.stream_version,
      position: { transactionId: last.transaction_id, globalPosition: last.global_position },
    };
    // Inside a caller's transaction the events are not committed yet; the caller notifies after commit.
    if (!options.client) this.notifyAppended(result);
    return result;
  }

  notifyAppended(result: AppendResult): void {
    for (const listener of this.listeners) listener(result);
  }

  /** The stream's events in order; only the given types when `types` is set. */
  async readStream<E extends EventEnvelope = EventEnvelope>(
    streamId: string,
    client: Queryable = this.pool,
    types?: readonly E['type'][],
  ): Promise<StoredEvent<E>[]> {
    const { rows } = types
      ? await client.query<EventRow>(
          `select ${EVENT_COLUMNS} from events where stream_id = $1 and type = any($2::text[]) order by stream_version`,
          [streamId, types],
        )
      : await client.query<EventRow>(
          `select ${EVENT_COLUMNS} from events where stream_id = $1 order by stream_version`,
          [streamId],
        );
    await openRows(client, rows);
    return rows.map((row) => toStoredEvent<E>(row));
  }

  /**
   * A page of a stream, newest first: the events below version `before` (of the given types), at most
   * `limit`. One backward scan of the (stream_id, stream_version) unique index, however long the stream.
   */
  async readStreamBackward<E extends EventEnvelope = EventEnvelope>(
    streamId: string,
    page: { before: number; limit: number; types?: readonly string[] },
    client: Queryable = this.pool,
  ): Promise<StoredEvent<E>[]> {
    const { rows } = await client.query<EventRow>(
      `select ${EVENT_COLUMNS} from events
       where stream_id = $1 and stream_version < $2 and ($3::text[] is null or type = any($3::text[]))
       order by stream_version desc limit $4`,
      [streamId, page.before, page.types ?? null, page.limit],
    );
    await openRows(client, rows);
    return rows.map((row) => toStoredEvent<E>(row));
  }

  /**
   * Several streams' events in log order (each stream's own order is kept: its appends take turns on
   * its `streams` row); only the given types when `types` is set.
   */
  async readStreams<E extends EventEnvelope = EventEnvelope>(
    streamIds: readonly string[],
    client: Queryable = this.pool,
    types?: readonly E['type'][],
  ): Promise<StoredEvent<E>[]> {
    const { rows } = await client.query<EventRow>(
      `select ${EVENT_COLUMNS} from events
       where stream_id = any($1::text[]) and ($2::text[] is null or type = any($2::text[]))
       order by global_position`,
      [streamIds, types ?? null],
    );
    await openRows(client, rows);
    return rows.map((row) => toStoredEvent<E>(row));
  }

  async streamVersion(streamId: string, client: Queryable = this.pool): Promise<number> {
    const { rows } = await client.query<{ version: number }>('select version from streams where stream_id = $1', [
      streamId,
    ]);
    return rows[0]?.version ?? 0;
  }

  head(client: Queryable = this.pool): Promise<LogPosition> {
    return readHead(client);
  }

  readAll<E extends EventEnvelope = EventEnvelope>(
    after: LogPosition,
    options: ReadAllOptions,
    client: Queryable = this.pool,
  ): Promise<StoredEvent<E>[]> {
    return readAll<E>(client, after, options);
  }
}

/**
 * The last event that no running transaction can still precede: everything at or before it is final.
 */
export async function readHead(client: Queryable): Promise<LogPosition> {
  const { rows } = await client.query<{ transaction_id: string; global_position: number }>(
    `select transaction_id::text as transaction_id, global_position from events
     where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
     order by events.transaction_id desc, events.global_position desc limit 1`,
  );
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : LOG_START;
}

/**
 * Waits until every event appended so far is final (readHead is the newest event): readers see only events
 * of transactions older than every running one on the whole server, so another test's or the bench's open
 * transaction holds a fresh append back for a moment, and a read or replay started then would stop short.
 * Compared by transaction id, the log's order: the highest position may sit in an older transaction than
 * the last one (comparing positions waited forever then: a failed bench smoke, 2026-11-27).
 */
export async function waitForFinalLog(client: Queryable, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ hidden: boolean }>(
      `select exists (select 1 from events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as hidden`,
    );
    if (!rows[0]?.hidden) return;
    if (Date.now() > deadline) throw new Error(`the log did not become final within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}

/**
 * `head`: the last event no running transaction can still precede, but those of `passOver` (an
 * xid8[] parameter). The horizon is pg_snapshot_xmin with the passed-over ids left out: the oldest
 * other running transaction, or the snapshot's xmax when there is none.
 */
function headCte(passOver: string): string {
  return `with snapshot as (select pg_current_snapshot() as s),
     horizon as (
       select coalesce(
         (select min(running) from pg_snapshot_xip(snapshot.s) running where running <> all(${passOver}::xid8[])),
         pg_snapshot_xmax(snapshot.s)) as xmin
       from snapshot),
     head as (
       select transaction_id, global_position from events
       where transaction_id < (select xmin from horizon)
       order by events.transaction_id desc, events.global_position desc limit 1)`;
}

/**
 * The head of the log (as readBatchToHead sees it) and the types of the events after `after` up to it,
 * in one statement: who a wake-up concerns (wakeup-dispatcher.ts). `types` is null when more than
 * `limit` events follow `after`: too many to look through for that, so everyone is concerned.
 */
export async function readTypesToHead(
  client: Queryable,
  after: LogPosition,
  options: { limit: number; passOver?: readonly string[] },
): Promise<{ head: LogPosition; types: string[] | null }> {
  const { rows } = await client.query<{
    head_transaction_id: string;
    head_global_position: number;
    types: string[] | null;
    seen: number;
  }>(
    preparedStatement(
      `${headCte('$4')}
     select head.transaction_id::text as head_transaction_id, head.global_position as head_global_position,
            coalesce(array_agg(distinct next.type) filter (where next.type is not null), '{}') as types,
            count(next.type)::int as seen
     from head left join lateral (
       select type from events
       where (transaction_id, global_position) > ($1::xid8, $2)
         and (transaction_id, global_position) <= (head.transaction_id, head.global_position)
       order by events.transaction_id, events.global_position
       limit $3 + 1) next on true
     group by head.transaction_id, head.global_position`,
      [after.transactionId, after.globalPosition, options.limit, options.passOver ?? []],
    ),
  );
  const row = rows[0];
  if (!row) return { head: LOG_START, types: [] };
  const head = { transactionId: row.head_transaction_id, globalPosition: row.head_global_position };
  return { head, types: row.seen > options.limit ? null : row.types };
}

/**
 * The head of the log and, in the same statement (one snapshot, one round trip), the next events of
 * `types` after `after` up to that head: what a live consumer needs for a pass. Everything up to the
 * head is final, so a consumer that finds none of its types there may move its checkpoint to it.
 */
export async function readBatchToHead<E extends EventEnvelope = EventEnvelope>(
  client: Queryable,
  after: LogPosition,
  options: {
    limit: number;
    types?: readonly string[];
    /**
     * Running transactions that cannot append (projection batches: open-projection-transactions.ts):
     * the head need not wait for them, only for the oldest other running transaction.
     */
    passOver?: readonly string[];
  },
): Promise<{ head: LogPosition; events: StoredEvent<E>[] }> {
  // Prepared once per connection: every pass of every consumer runs it, and planning the join cost as
  // much as running it.
  const { rows } = await client.query<EventRow & { head_transaction_id: string; head_global_position: number }>(
    preparedStatement(
      `${headCte('$5')}
     select head.transaction_id::text as head_transaction_id, head.global_position as head_global_position, batch.*
     from head left join lateral (
       select ${EVENT_COLUMNS} from events
       where (transaction_id, global_position) > ($1::xid8, $2)
         and (transaction_id, global_position) <= (head.transaction_id, head.global_position)
         and ($4::text[] is null or type = any($4::text[]))
       order by events.transaction_id, events.global_position
       limit $3) batch on true`,
      [after.transactionId, after.globalPosition, options.limit, options.types ?? null, options.passOver ?? []],
    ),
  );
  const first = rows[0];
  if (!first) return { head: LOG_START, events: [] };
  const head = { transactionId: first.head_transaction_id, globalPosition: first.head_global_position };
  // The left join gives the head once with no event when nothing of these types follows `after`.
  const eventRows = rows.filter((row) => row.global_position !== null);
  await openRows(client, eventRows);
  return { head, events: eventRows.map((row) => toStoredEvent<E>(row)) };
}

/**
 * Reads the global log in its stable order after `after`. Only events of transactions older than
 * every running transaction are returned, so a reader never skips an event that commits late.
 */
export async function readAll<E extends EventEnvelope = EventEnvelope>(
  client: Queryable,
  after: LogPosition,
  options: ReadAllOptions,
): Promise<StoredEvent<E>[]> {
  const params: unknown[] = [after.transactionId, after.globalPosition, options.limit];
  let filter = '';
  if (options.upTo) {
    params.push(options.upTo.transactionId, options.upTo.globalPosition);
    filter += ` and (transaction_id, global_position) <= ($${params.length - 1}::xid8, $${params.length})`;
  }
  if (options.types) {
    params.push(options.types);
    filter += ` and type = any($${params.length}::text[])`;
  }
  const { rows } = await client.query<EventRow>(
    `select ${EVENT_COLUMNS} from events
     where (transaction_id, global_position) > ($1::xid8, $2)
       and transaction_id < pg_snapshot_xmin(pg_current_snapshot())${filter}
     order by events.transaction_id, events.global_position
     limit $3`,
    params,
  );
  await openRows(client, rows);
  return rows.map((row) => toStoredEvent<E>(row));
}
