import type { EventStore } from '@app/event-store';
import type { Pool } from '@app/platform';
import { BENCH_TICK, PAYLOAD } from './bench-projection.js';
import { checkpoint, formatRate, log, timed, warmPool, withProgress } from './bench-util.js';

/** Each appender cycles through its own few streams, appending at the version it last saw. */
const STREAMS_PER_APPENDER = 16;
/** Unmeasured operations before each run: 200, or a fifth of a shorter run (the smoke's). */
const warmUpOperations = (total: number) => Math.min(200, Math.ceil(total / 5));

export interface ThroughputRun {
  concurrency: number;
  events: number;
  seconds: number;
  perSecond: number;
}

export interface AppendComparison {
  ours: ThroughputRun;
  baseline: ThroughputRun;
  /** ours / baseline events per second. */
  ratio: number;
}

/** One operation of one appender: the n-th of the run. */
type Operation = (n: number) => Promise<void>;

/** Runs `total` operations on `concurrency` appenders that each wait for their previous operation. */
async function runClosedLoop(
  concurrency: number,
  total: number,
  makeAppender: (appender: number) => Operation,
): Promise<number> {
  let next = 0;
  let done = 0;
  const appenders = Array.from({ length: concurrency }, (_, a) => makeAppender(a));
  await Promise.all(
    appenders.map(async (operation) => {
      for (let n = next++; n < total; n = next++) {
        await operation(n);
        done++;
      }
    }),
  );
  return done;
}

async function measure(
  label: string,
  pool: Pool,
  concurrency: number,
  total: number,
  makeAppender: (appender: number, runId: string) => Operation,
): Promise<ThroughputRun> {
  await warmPool(pool, concurrency);
  await runClosedLoop(concurrency, warmUpOperations(total), (a) => makeAppender(a, `warm${concurrency}`));
  await checkpoint(pool);
  let done = 0;
  const { seconds } = await timed(() =>
    withProgress(
      label,
      total,
      () => done,
      () =>
        runClosedLoop(concurrency, total, (a) => {
          const operation = makeAppender(a, `run${concurrency}`);
          return async (n) => {
            await operation(n);
            done++;
          };
        }),
    ),
  );
  const run = { concurrency, events: total, seconds, perSecond: total / seconds };
  log(`  ${label}: ${formatRate(run.perSecond)} (${seconds.toFixed(1)} s)`);
  return run;
}

/**
 * Realistic command appends: one event per append, each its own transaction, through
 * EventStore.append with an expected version (`no_stream` for a stream's first event).
 */
function ourAppender(store: EventStore) {
  return (appender: number, runId: string): Operation => {
    const versions = new Array<number>(STREAMS_PER_APPENDER).fill(0);
    let turn = 0;
    return async (n) => {
      const slot = turn++ % STREAMS_PER_APPENDER;
      const version = versions[slot]!;
      const result = await store.append(`${runId}-a${appender}-s${slot}`, version === 0 ? 'no_stream' : version, [
        { type: BENCH_TICK, data: { i: n, payload: PAYLOAD } },
      ]);
      versions[slot] = result.streamVersion;
    };
  };
}

/** PostgreSQL's own floor: an autocommit single-row insert of the same payload into a plain table. */
function baselineAppender(pool: Pool) {
  return (appender: number, runId: string): Operation => {
    let turn = 0;
    return async (n) => {
      const slot = turn++ % STREAMS_PER_APPENDER;
      await pool.query('insert into baseline (stream_id, data) values ($1, $2)', [
        `${runId}-a${appender}-s${slot}`,
        JSON.stringify({ i: n, payload: PAYLOAD }),
      ]);
    };
  };
}

export async function appendBench(
  pool: Pool,
  store: EventStore,
  concurrency: number,
  total: number,
): Promise<AppendComparison> {
  await pool.query(`create table if not exists baseline (
    id bigint generated always as identity primary key,
    stream_id text not null,
    data jsonb not null
  )`);
  const appenders = `${concurrency} appender${concurrency === 1 ? '' : 's'}`;
  const baseline = await measure(`baseline insert, ${appenders}`, pool, concurrency, total, baselineAppender(pool));
  const ours = await measure(`EventStore.append, ${appenders}`, pool, concurrency, total, ourAppender(store));
  return { ours, baseline, ratio: ours.perSecond / baseline.perSecond };
}
