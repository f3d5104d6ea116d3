import { ConsumerRunner, replayProjection } from '@app/event-store';
import { withTransaction, type Logger, type Pool } from '@app/platform';
import {
  BENCH_TABLE,
  BENCH_TICK,
  benchProjection,
  migrateBenchTable,
  PAYLOAD,
  projectedCounter,
} from './bench-projection.js';
import { checkpoint, formatInt, formatRate, log, timed, waitForVisibleLog, withProgress } from './bench-util.js';

export interface ScanRun {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface ProjectionComparison {
  batchSize: number;
  events: number;
  seconds: number;
  perSecond: number;
  scan: ScanRun;
  /** ours / scan events per second. */
  ratio: number;
  /** The same catch-up before the events table was analyzed. */
  beforeAnalyze?: CatchUpRun & { statistics: string };
}

export interface ReplayComparison extends Omit<ProjectionComparison, 'beforeAnalyze'> {
  filledEvents: number;
  fillSeconds: number;
}

const SCAN_FETCH_SIZE = 5000;

export async function countEvents(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ count: number }>('select count(*)::bigint as count from events');
  return rows[0]?.count ?? 0;
}

/**
 * PostgreSQL's floor for reading the log: every event in log order, fetched fully into the client
 * through a cursor (so the client never holds the whole log at once).
 */
export async function orderedScan(pool: Pool): Promise<ScanRun> {
  let events = 0;
  const { seconds } = await timed(() =>
    withTransaction(pool, async (client) => {
      await client.query(
        'declare bench_scan no scroll cursor for select * from events order by transaction_id, global_position',
      );
      for (;;) {
        const { rowCount } = await client.query(`fetch ${SCAN_FETCH_SIZE} from bench_scan`);
        if (!rowCount) break;
        events += rowCount;
      }
      await client.query('close bench_scan');
    }),
  );
  return { events, seconds, perSecond: events / seconds };
}

async function projectedRows(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(`select count(*)::bigint as count from ${BENCH_TABLE}`);
  return rows[0]?.count ?? 0;
}

export interface CatchUpRun {
  events: number;
  seconds: number;
  perSecond: number;
}

/** Empties the bench projector's table and drops its checkpoint, so the next runner starts from the log's start. */
async function resetBenchProjection(pool: Pool): Promise<void> {
  await migrateBenchTable(pool);
  // A fresh, empty file, as a dropped and recreated table would be; the table stays migrated.
  await pool.query(`truncate ${BENCH_TABLE}`);
  await pool.query('delete from projection_checkpoints where name = $1', [benchProjection.name]);
}

async function catchUpFromZero(
  pool: Pool,
  options: { databaseUrl: string; batchSize: number; pollIntervalMs: number; logger: Logger },
  label: string,
): Promise<CatchUpRun> {
  await resetBenchProjection(pool);
  await waitForVisibleLog(pool);
  const total = await countEvents(pool);
  await checkpoint(pool);
  const runner = new ConsumerRunner(pool, benchProjection, options);
  const startCount = projectedCounter.value;
  const { result: handled, seconds } = await timed(() =>
    withProgress(
      'projected',
      total,
      () => projectedCounter.value - startCount,
      () => runner.catchUp(),
    ),
  );
  const rows = await projectedRows(pool);
  if (handled !== total || rows !== total) {
    throw new Error(`projection handled ${handled} events and wrote ${rows} rows; the log holds ${total}`);
  }
  const run = { events: handled, seconds, perSecond: handled / seconds };
  log(
    `  ConsumerRunner (batch ${options.batchSize}, ${label}): ${formatInt(handled)} events in ${seconds.toFixed(2)} s (${formatRate(run.perSecond)})`,
  );
  return run;
}

async function statisticsState(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ analyzed: Date | null; changed: number; live: number }>(
    `select greatest(last_analyze, last_autoanalyze) as analyzed, n_mod_since_analyze as changed, n_live_tup as live
     from pg_stat_user_tables where relname = 'events'`,
  );
  const row = rows[0];
  if (!row?.analyzed) return 'events never analyzed';
  return `events analyzed ${Math.round((Date.now() - row.analyzed.getTime()) / 1000)} s ago, ${formatInt(row.changed)} rows changed since`;
}

/**
 * A ConsumerRunner catching the bench projector up from the start of the log, as a fresh worker
 * would. Measured twice: with the planner statistics as phase 1 left them (on a server without
 * autovacuum, none), then after ANALYZE, which autovacuum would have run in production; the second
 * is the headline figure.
 */
export async function projectionBench(
  pool: Pool,
  options: { databaseUrl: string; batchSize: number; pollIntervalMs: number; logger: Logger },
): Promise<ProjectionComparison> {
  await migrateBenchTable(pool);
  await checkpoint(pool);
  const scan = await orderedScan(pool);
  log(
    `  ordered scan: ${formatInt(scan.events)} events in ${scan.seconds.toFixed(2)} s (${formatRate(scan.perSecond)})`,
  );
  const statistics = await statisticsState(pool);
  const asFound = await catchUpFromZero(pool, options, statistics);
  await pool.query('analyze events');
  const analyzed = await catchUpFromZero(pool, options, 'after analyze');
  return {
    batchSize: options.batchSize,
    events: analyzed.events,
    seconds: analyzed.seconds,
    perSecond: analyzed.perSecond,
    scan,
    ratio: analyzed.perSecond / scan.perSecond,
    beforeAnalyze: { ...asFound, statistics },
  };
}

const FILL_CHUNK = 200_000;
const EVENTS_PER_FILL_STREAM = 10;

/**
 * Tops the log up to `target` events with bulk SQL: large transactions of generated events (same
 * type and payload size as real appends) plus their `streams` rows. Returns how many it added.
 */
export async function fillLog(pool: Pool, target: number): Promise<{ added: number; seconds: number }> {
  const current = await countEvents(pool);
  const { seconds } = await timed(async () => {
    for (let start = 0; start < target - current; start += FILL_CHUNK) {
      const end = Math.min(start + FILL_CHUNK, target - current);
      await withTransaction(pool, async (client) => {
        await client.query(
          `insert into streams (stream_id, version)
           select 'fill-' || s, least(${EVENTS_PER_FILL_STREAM}, $2::bigint - s * ${EVENTS_PER_FILL_STREAM})
           from generate_series($1::bigint / ${EVENTS_PER_FILL_STREAM}, ($2::bigint - 1) / ${EVENTS_PER_FILL_STREAM}) s`,
          [start, end],
        );
        await client.query(
          `insert into events (stream_id, stream_version, type, data)
           select 'fill-' || (g / ${EVENTS_PER_FILL_STREAM}), g % ${EVENTS_PER_FILL_STREAM} + 1, $3,
                  jsonb_build_object('i', g, 'payload', left(repeat(md5(g::text), 4), $4))
           from generate_series($1::bigint, $2::bigint - 1) g
           order by g`,
          [start, end, BENCH_TICK, PAYLOAD.length],
        );
      });
      log(`  filled ${formatInt(current + end)}/${formatInt(target)}`);
    }
    // An old log is vacuumed (hint bits set, statistics current); give the replay and its baseline the same start.
    await pool.query('vacuum (analyze) events');
    await pool.query('vacuum (analyze) streams');
  });
  return { added: Math.max(0, target - current), seconds };
}

/** Replays the bench projection over the whole log (fresh tables, swapped in) against an ordered scan. */
export async function replayBench(pool: Pool, target: number, batchSize: number): Promise<ReplayComparison> {
  await migrateBenchTable(pool);
  const fill = await fillLog(pool, target);
  log(`  filled ${formatInt(fill.added)} events in ${fill.seconds.toFixed(1)} s (bulk SQL + vacuum)`);
  await waitForVisibleLog(pool);
  await checkpoint(pool);
  const scan = await orderedScan(pool);
  log(
    `  ordered scan: ${formatInt(scan.events)} events in ${scan.seconds.toFixed(2)} s (${formatRate(scan.perSecond)})`,
  );

  await checkpoint(pool);
  let handledSoFar = 0;
  const { result, seconds } = await timed(() =>
    withProgress(
      'replayed',
      scan.events,
      () => handledSoFar,
      () =>
        replayProjection(pool, benchProjection, {
          batchSize,
          onProgress: (handled) => {
            handledSoFar = handled;
          },
        }),
    ),
  );
  const rows = await projectedRows(pool);
  if (result.events !== scan.events || rows !== scan.events) {
    throw new Error(`replay handled ${result.events} events and wrote ${rows} rows; the log holds ${scan.events}`);
  }
  const perSecond = result.events / seconds;
  log(
    `  replayProjection (batch ${batchSize}): ${formatInt(result.events)} events in ${seconds.toFixed(2)} s (${formatRate(perSecond)})`,
  );
  return {
    batchSize,
    events: result.events,
    seconds,
    perSecond,
    scan,
    ratio: perSecond / scan.perSecond,
    filledEvents: fill.added,
    fillSeconds: fill.seconds,
  };
}
