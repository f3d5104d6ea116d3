import type { Pool, PoolClient, Queryable } from '@app/platform';
import { singleRow, withTransaction } from '@app/platform';
import { LOG_START, type LogPosition } from '../log-position.js';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint } from './checkpoints.js';
import { settle, type Projection } from './log-consumer.js';
import { createReadModelTables } from './read-model-migrations.js';
import { readBatch } from './project-batch.js';
import type { StoredEvent } from '../stored-event.js';

const LIVE_SCHEMA = 'public';

/**
 * Events per batch (and transaction) of a rebuild (`ops replay`, `ops verify`, the bench's real replay). A set-based batch writes each row it touches
 * once, so fewer, larger batches leave fewer row versions behind (on a 420,000-event log, 20,000 per
 * batch cut the upserts' time by 40-65% against 5,000). But a batch's transaction holds back what
 * every live projector may read (the log's visibility horizon) until it commits, so it stays around a
 * second: 10,000.
 */
export const REBUILD_BATCH_SIZE = 10_000;

/**
 * A replay of fewer events than this fills its scratch tables with the write-ahead log on: making a
 * table unlogged and then logged again costs a few milliseconds to create and sync its init fork and
 * 10-40 ms to rewrite and sync it, more than logging a few thousand rows costs (catalog-reports' 3,100
 * events: ~40 of its ~190 ms went to the two tables' round trip; payola-ledger's 373,000 save seconds).
 */
export const UNLOGGED_REPLAY_MIN_EVENTS = 50_000;

export interface RebuildOptions {
  batchSize: number;
  /** Called after each batch with the number of events handled so far and the total to expect. */
  onProgress?: (handled: number, total: number) => void;
  /**
   * The log as surveyed once for several rebuilds (`surveyLog`). Without it each rebuild analyzes the
   * log and counts its events itself: two scans of the whole log per projection.
   */
  survey?: LogSurvey;
  /**
   * A replay of at least this many events fills its scratch tables unlogged, then makes them logged
   * before the swap; fewer are written logged from the start. UNLOGGED_REPLAY_MIN_EVENTS when absent.
   */
  unloggedFromEvents?: number;
}

/** The event log's size by type, taken once for several rebuilds in a row. */
export interface LogSurvey {
  readonly eventsByType: ReadonlyMap<string, number>;
  readonly events: number;
}

export interface ReplayResult {
  events: number;
  seconds: number;
}

export interface TableDifference {
  table: string;
  /** Rows in the live table that a rebuild does not produce. */
  onlyLive: number;
  /** Rows a rebuild produces that the live table lacks. */
  onlyRebuilt: number;
  examples: { side: 'live' | 'rebuilt'; row: Record<string, unknown> }[];
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function createScratchSchema(
  pool: Pool,
  prefix: string,
  projection: Projection,
  options: { unlogged: boolean },
): Promise<string> {
  const schema = `${prefix}_${projection.name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now()}`;
  await withTransaction(pool, async (client) => {
    await client.query(`create schema ${quoteIdent(schema)}`);
    await client.query(`set local search_path to ${quoteIdent(schema)}, ${LIVE_SCHEMA}`);
    await createReadModelTables(client, projection);
    // Scratch tables skip the write-ahead log while they fill: nothing needs them after a crash (a
    // rebuild then starts again), and logging every row and index entry was a third of a replay's time.
    // A replay makes them logged again before it swaps them in (readyTables). Not for a small replay
    // (UNLOGGED_REPLAY_MIN_EVENTS): the round trip costs more than the log it saves.
    if (!options.unlogged) return;
    for (const table of projection.tables) {
      await client.query(`alter table ${quoteIdent(table)} set unlogged`);
    }
  });
  return schema;
}

/**
 * Drops the secondary indexes (neither unique nor a primary key: no `on conflict` needs them) of the
 * scratch tables the projection lets a rebuild defer (`rebuildDefersIndexesOf`), and returns how to make
 * them again. Building an index once over the filled table is cheaper than keeping it current through
 * every batch. Only those tables: a handler that looks rows up through an index (the shop's free codes,
 * the word index by word) would scan its table instead.
 */
async function dropSecondaryIndexes(pool: Pool, schema: string, projection: Projection): Promise<DeferredIndex[]> {
  const tables = projection.rebuildDefersIndexesOf ?? [];
  if (tables.length === 0) return [];
  const { rows } = await pool.query<{ name: string; definition: string; table: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition, t.relname as table
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
       join pg_class t on t.oid = x.indrelid
     where n.nspname = $1 and t.relname = any($2::text[]) and not x.indisunique and not x.indisprimary`,
    [schema, tables],
  );
  for (const row of rows) await pool.query(`drop index ${quoteIdent(schema)}.${quoteIdent(row.name)}`);
  return rows.map(({ table, definition }) => ({ table, definition }));
}

/** A secondary index a rebuild dropped while its table filled: its table, and how to make it again. */
interface DeferredIndex {
  table: string;
  definition: string;
}

/** Scratch tables readied for the swap at once (readyTables), each on a connection of its own. */
const REBUILD_READYING_LANES = 2;

/**
 * Readies the filled scratch tables for the swap, before the checkpoint is locked (the live projector
 * keeps going meanwhile). Each table:
 * - is made logged, when it filled unlogged: written to the write-ahead log, so the live read model it
 *   becomes survives a crash and reaches replicas;
 * - gets its deferred indexes back. After the above: making a table logged rewrites it and builds each of
 *   its indexes again, so an index made before would be built twice (a 373,000-row ledger's user index:
 *   1.42 s against 1.04 s);
 * - is analyzed. A table would otherwise arrive with no statistics, and the live projector's statements
 *   and the api's reads would be planned on guesses until autovacuum, where it runs at all, got to it.
 *   The statistics are the table's own (by its oid): `set schema` moves them with it.
 * The tables are independent, so two lanes ready them at once, the largest first. One after another,
 * one backend did it while the other core idled: ~0.6 s of a 3.5 s replay of the venues' catalogue.
 */
async function readyTables(
  pool: Pool,
  schema: string,
  projection: Projection,
  options: { unlogged: boolean; deferred: readonly DeferredIndex[] },
): Promise<void> {
  const { rows } = await pool.query<{ table: string }>(
    `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = any($2::text[]) order by pg_relation_size(c.oid) desc, c.relname`,
    [schema, projection.tables],
  );
  const queue = rows.map((row) => row.table);
  const readyNext = async (): Promise<void> => {
    for (let table = queue.shift(); table !== undefined; table = queue.shift()) {
      const name = `${quoteIdent(schema)}.${quoteIdent(table)}`;
      if (options.unlogged) await pool.query(`alter table ${name} set logged`);
      for (const index of options.deferred) if (index.table === table) await pool.query(index.definition);
      await pool.query(`analyze ${name}`);
    }
  };
  await Promise.all(Array.from({ length: REBUILD_READYING_LANES }, readyNext));
}

/**
 * A rebuild reads the whole log: fresh planner statistics keep it on the (transaction, position)
 * index even where autovacuum is off or behind.
 */
async function analyzeLog(pool: Pool): Promise<void> {
  await pool.query('analyze events');
}

/**
 * Analyzes the log and counts its events by type in one scan, so that rebuilding every projection
 * (`ops replay`, `ops verify`) pays for that once instead of once per projection.
 */
export async function surveyLog(pool: Pool): Promise<LogSurvey> {
  await analyzeLog(pool);
  const { rows } = await pool.query<{ type: string; count: number }>(
    'select type, count(*)::bigint as count from events group by type',
  );
  const eventsByType = new Map(rows.map((row) => [row.type, row.count]));
  return { eventsByType, events: rows.reduce((sum, row) => sum + row.count, 0) };
}

/** How many events the rebuild will read: only for progress reports, so a survey a little old is fine. */
async function countEvents(pool: Pool, projection: Projection, survey: LogSurvey | undefined): Promise<number> {
  if (survey) {
    return projection.eventTypes
      ? projection.eventTypes.reduce((sum, type) => sum + (survey.eventsByType.get(type) ?? 0), 0)
      : survey.events;
  }
  await analyzeLog(pool);
  const { rows } = await pool.query<{ count: number }>(
    projection.eventTypes
      ? 'select count(*)::bigint as count from events where type = any($1::text[])'
      : 'select count(*)::bigint as count from events',
    projection.eventTypes ? [projection.eventTypes] : [],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Projects into `schema` from `from`, batch by batch, each batch in its own transaction. Outside a
 * caller's transaction the next batch is read on another connection while this one is written: the
 * log's scan and the writes run on two cores instead of taking turns (a fifth of a replay was reading).
 * Inside one (`client`, the catch-up under the checkpoint's lock) each batch is read in it.
 */
async function buildInto(
  pool: Pool,
  schema: string,
  projection: Projection,
  from: LogPosition,
  options: RebuildOptions & { upTo?: LogPosition; total: number; client?: PoolClient },
): Promise<{ position: LogPosition; handled: number }> {
  const { client } = options;
  const read = (after: LogPosition, db: Queryable) =>
    readBatch(db, projection, after, { limit: options.batchSize, upTo: options.upTo });
  const readAhead = (after: LogPosition) => {
    const batch = read(after, pool);
    // Observed now: a read that fails while the batch before it is still being written must not go unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  let position = from;
  let handled = 0;
  let ahead = client ? undefined : readAhead(position);
  for (;;) {
    const batch = await (ahead ?? read(position, client ?? pool));
    if (!batch.moved) return { position, handled };
    if (!client) ahead = readAhead(batch.next);
    if (batch.events.length > 0) await writeBatch(pool, schema, projection, batch.events, client);
    position = batch.next;
    handled += batch.events.length;
    options.onProgress?.(handled, Math.max(options.total, handled));
  }
}

/** Hands a batch to the projection with the scratch schema first on the search path. */
async function writeBatch(
  pool: Pool,
  schema: string,
  projection: Projection,
  events: readonly StoredEvent[],
  client: PoolClient | undefined,
): Promise<void> {
  const step = async (db: PoolClient) => {
    await db.query(`set local search_path to ${quoteIdent(schema)}, ${LIVE_SCHEMA}`);
    // A scratch batch's commit need not wait for the disk: a crash loses the whole rebuild anyway.
    if (!client) await db.query('set local synchronous_commit to off');
    await settle(await projection.handle(events, db));
  };
  if (client) await step(client);
  else await withTransaction(pool, step);
}

/**
 * Rebuilds a projection from the start of the log into fresh tables, then swaps them in while the
 * live checkpoint is locked, so no event is lost or applied twice even with the worker running.
 */
export async function replayProjection(
  pool: Pool,
  projection: Projection,
  options: RebuildOptions,
): Promise<ReplayResult> {
  const started = performance.now();
  const total = await countEvents(pool, projection, options.survey);
  const unlogged = total >= (options.unloggedFromEvents ?? UNLOGGED_REPLAY_MIN_EVENTS);
  const schema = await createScratchSchema(pool, 'replay', projection, { unlogged });
  try {
    const deferred = await dropSecondaryIndexes(pool, schema, projection);
    const built = await buildInto(pool, schema, projection, LOG_START, { ...options, total });
    await readyTables(pool, schema, projection, { unlogged, deferred });
    await ensureCheckpoint(pool, projection.name);
    const handled = await withTransaction(pool, async (client) => {
      await lockCheckpoint(client, projection.name);
      // Events appended while we were building: apply them under the lock.
      const rest = await buildInto(pool, schema, projection, built.position, { ...options, total, client });
      await client.query(`set local search_path to ${LIVE_SCHEMA}`);
      for (const table of projection.tables) {
        await client.query(`drop table if exists ${LIVE_SCHEMA}.${quoteIdent(table)} cascade`);
        await client.query(`alter table ${quoteIdent(schema)}.${quoteIdent(table)} set schema ${LIVE_SCHEMA}`);
      }
      await client.query('update projection_checkpoints set events_processed = 0 where name = $1', [projection.name]);
      await saveCheckpoint(client, projection.name, rest.position, built.handled + rest.handled);
      return built.handled + rest.handled;
    });
    return { events: handled, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pool.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
  }
}

/**
 * Rebuilds a projection into scratch tables up to exactly the live checkpoint and reports every
 * row that differs from the live read model. Changes nothing.
 */
export async function verifyProjection(
  pool: Pool,
  projection: Projection,
  options: RebuildOptions,
): Promise<TableDifference[]> {
  const total = await countEvents(pool, projection, options.survey);
  // Compared, then dropped: never logged, whatever its size.
  const schema = await createScratchSchema(pool, 'verify', projection, { unlogged: true });
  try {
    await ensureCheckpoint(pool, projection.name);
    const { rows } = await pool.query<{ transaction_id: string; global_position: number }>(
      'select transaction_id::text as transaction_id, global_position from projection_checkpoints where name = $1',
      [projection.name],
    );
    const checkpoint = singleRow(rows);
    const liveAtStart = { transactionId: checkpoint.transaction_id, globalPosition: checkpoint.global_position };
    // Only compared, then dropped: its secondary indexes are never needed.
    await dropSecondaryIndexes(pool, schema, projection);
    const built = await buildInto(pool, schema, projection, LOG_START, { ...options, total, upTo: liveAtStart });

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Hold the live projector still while we compare; bring the scratch copy to the same place.
      const live = await lockCheckpoint(client, projection.name);
      await buildInto(pool, schema, projection, built.position, { ...options, total, upTo: live, client });
      const differences: TableDifference[] = [];
      for (const table of projection.tables) {
        const liveTable = `${LIVE_SCHEMA}.${quoteIdent(table)}`;
        const rebuiltTable = `${quoteIdent(schema)}.${quoteIdent(table)}`;
        const onlyLive = await client.query<Record<string, unknown>>(
          `select * from ${liveTable} except all select * from ${rebuiltTable}`,
        );
        const onlyRebuilt = await client.query<Record<string, unknown>>(
          `select * from ${rebuiltTable} except all select * from ${liveTable}`,
        );
        if (onlyLive.rowCount || onlyRebuilt.rowCount) {
          differences.push({
            table,
            onlyLive: onlyLive.rowCount ?? 0,
            onlyRebuilt: onlyRebuilt.rowCount ?? 0,
            examples: [
              ...onlyLive.rows.slice(0, 5).map((row) => ({ side: 'live' as const, row })),
              ...onlyRebuilt.rows.slice(0, 5).map((row) => ({ side: 'rebuilt' as const, row })),
            ],
          });
        }
      }
      await client.query('ROLLBACK');
      return differences;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
  }
}
