import { Queue, Worker } from 'bullmq';
import { ConsumerRunner, EventStore } from '@app/event-store';
import { createRedis, ProjectionWakeup, QUEUES, type Logger, type Pool, type Redis } from '@app/platform';
import {
  BENCH_TABLE,
  BENCH_TICK,
  benchProjection,
  benchRegistry,
  migrateBenchTable,
  PAYLOAD,
} from './bench-projection.js';
import { formatInt, log, percentile, sleep } from './bench-util.js';

export interface LagResult {
  ratePerSecond: number;
  seconds: number;
  events: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Append latency (call to commit acknowledged), for context. */
  appendP50Ms: number;
  appendP99Ms: number;
  /** How late the paced appends started against their fixed schedule, worst case. */
  maxScheduleSlipMs: number;
  serverClockOffsetMs: number;
}

export function connected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Redis did not become ready within 5 s')), 5000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Wall-clock milliseconds with sub-millisecond resolution: a monotonic clock anchored to Date.now()
 * at a millisecond edge, so it neither drifts within the ~15 s measured nor jumps.
 */
export function anchoredWallClock(): () => number {
  const first = Date.now();
  let wall = first;
  while (wall === first) wall = Date.now();
  const mono = performance.now();
  return () => wall + (performance.now() - mono);
}

/**
 * How far the database server's clock_timestamp() is ahead of our wall clock (0 on the same
 * machine, up to clock skew on another): the reading from the round trip with the smallest delay,
 * taken as happening at that round trip's midpoint.
 */
async function serverClockOffset(pool: Pool, now: () => number): Promise<number> {
  let best = { roundTrip: Infinity, offset: 0 };
  for (let i = 0; i < 30; i++) {
    const before = now();
    const { rows } = await pool.query<{ ms: number }>(
      'select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms',
    );
    const after = now();
    if (after - before < best.roundTrip)
      best = { roundTrip: after - before, offset: rows[0]!.ms - (before + after) / 2 };
  }
  return best.offset;
}

/**
 * Projection lag under a steady append load, through the production wake-up path (same wiring as
 * worker/src/projection/projection-supervisor.ts, run in this process with separate pools for the
 * "API" appender and the "worker" projector):
 *
 *   EventStore.append → onAppended → ProjectionWakeup.wake() (de-duplicated BullMQ job)
 *   → BullMQ Worker on QUEUES.projections → ConsumerRunner.poke() → batch projected
 *   (the runner also polls every `pollIntervalMs`, as in production).
 *
 * Lag per event = when its read-model row was written − when its append was acknowledged as
 * committed to the appender. The append side is taken when `append()` resolves (the commit is
 * then durable and visible: the earliest moment a caller could ask to read it); the projection
 * side is clock_timestamp() of the row's insert, inside the projector's transaction (its commit
 * follows within about a millisecond). `recorded_at` is not used: it is now(), the start of the
 * appending transaction, before the commit that makes the event readable at all. Both ends are the
 * same wall clock; a server on another machine is corrected by the measured clock offset.
 */
export async function lagBench(options: {
  appendPool: Pool;
  projectorPool: Pool;
  databaseUrl: string;
  redisUrl: string;
  batchSize: number;
  pollIntervalMs: number;
  minPassIntervalMs: number;
  logger: Logger;
  ratePerSecond: number;
  seconds: number;
}): Promise<LagResult> {
  const { appendPool, projectorPool, ratePerSecond } = options;
  const prefix = `bench-${process.pid}-${Date.now()}`;
  const enqueueConnection = createRedis(options.redisUrl, 'client');
  const workerConnection = createRedis(options.redisUrl, 'blocking');
  const wakeup = new ProjectionWakeup(options.redisUrl, prefix);
  const runner = new ConsumerRunner(projectorPool, benchProjection, {
    databaseUrl: options.databaseUrl,
    batchSize: options.batchSize,
    pollIntervalMs: options.pollIntervalMs,
    minPassIntervalMs: options.minPassIntervalMs,
    logger: options.logger,
  });
  let worker: Worker | null = null;
  try {
    // The API's enqueueing connection is long connected when appends arrive; it fails fast while not.
    await connected(enqueueConnection);
    await migrateBenchTable(projectorPool);
    // Start from the head, like a worker that is up to date when traffic begins.
    await runner.catchUp();
    await runner.start();
    if (!runner.owned) throw new Error('the bench runner could not take ownership of its projection');
    worker = new Worker(QUEUES.projections, async () => runner.poke(), {
      connection: workerConnection,
      prefix,
      concurrency: 1,
    });
    worker.on('error', (error) => options.logger.warn({ err: error }, 'bench wake-up worker error'));
    await worker.waitUntilReady();

    const store = new EventStore(appendPool, benchRegistry());
    store.onAppended(() => void wakeup.wake());

    const now = anchoredWallClock();
    const offset = await serverClockOffset(appendPool, now);

    const total = Math.round(ratePerSecond * options.seconds);
    const intervalMs = 1000 / ratePerSecond;
    const acknowledgedAt = new Map<number, number>();
    const appendLatencies: number[] = [];
    const inFlight = new Set<Promise<void>>();
    let maxSlip = 0;
    let failures = 0;

    const appendOne = (n: number, due: number): void => {
      const started = now();
      maxSlip = Math.max(maxSlip, started - due);
      const promise = store
        .append(`lag-${n}`, 'no_stream', [{ type: BENCH_TICK, data: { i: n, payload: PAYLOAD } }])
        .then((result) => {
          const at = now();
          acknowledgedAt.set(result.position.globalPosition, at);
          appendLatencies.push(at - started);
        })
        .catch((error: unknown) => {
          failures++;
          if (failures === 1) options.logger.error({ err: error }, 'bench append failed');
        })
        .finally(() => inFlight.delete(promise));
      inFlight.add(promise);
    };

    log(`  appending ${formatInt(total)} events at ${ratePerSecond} ev/s on a fixed schedule`);
    // Open loop: event n is due at start + n·interval whatever happened before, so slow appends do
    // not slow the offered load down (no sleep-after-work drift).
    const start = now() + 10;
    let next = 0;
    let nextReport = start + 5000;
    while (next < total) {
      const current = now();
      while (next < total && start + next * intervalMs <= current) {
        appendOne(next, start + next * intervalMs);
        next++;
      }
      if (current >= nextReport) {
        log(`  appended ${formatInt(acknowledgedAt.size)}/${formatInt(total)}`);
        nextReport += 5000;
      }
      if (next < total) await sleep(Math.max(0, start + next * intervalMs - now()));
    }
    await Promise.all(inFlight);
    if (failures > 0) throw new Error(`${failures} paced appends failed`);

    // Let the projector finish (a final poke or its poll), then read when each row was written.
    const positions = [...acknowledgedAt.keys()];
    const deadline = Date.now() + Math.max(30_000, options.pollIntervalMs * 5);
    let rows: { global_position: number; ms: number }[] = [];
    for (;;) {
      ({ rows } = await appendPool.query<{ global_position: number; ms: number }>(
        `select global_position, (extract(epoch from projected_at) * 1000)::float8 as ms
         from ${BENCH_TABLE} where global_position = any($1::bigint[])`,
        [positions],
      ));
      if (rows.length === positions.length) break;
      if (Date.now() > deadline) {
        throw new Error(`only ${rows.length} of ${positions.length} paced events were projected`);
      }
      await sleep(100);
    }

    const lags = rows.map((row) => row.ms - offset - acknowledgedAt.get(row.global_position)!).sort((a, b) => a - b);
    appendLatencies.sort((a, b) => a - b);
    return {
      ratePerSecond,
      seconds: options.seconds,
      events: total,
      p50Ms: percentile(lags, 0.5),
      p99Ms: percentile(lags, 0.99),
      maxMs: lags[lags.length - 1]!,
      appendP50Ms: percentile(appendLatencies, 0.5),
      appendP99Ms: percentile(appendLatencies, 0.99),
      maxScheduleSlipMs: maxSlip,
      serverClockOffsetMs: offset,
    };
  } finally {
    await worker?.close().catch(() => undefined);
    await runner.stop().catch(() => undefined);
    await wakeup.close().catch(() => undefined);
    // Leave nothing of the bench's queue behind in Redis.
    const queue = new Queue(QUEUES.projections, { connection: enqueueConnection, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close().catch(() => undefined);
    enqueueConnection.disconnect();
    workerConnection.disconnect();
  }
}
