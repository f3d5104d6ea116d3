/**
 * `npm run bench`: measures the event store and its projections on this machine against what
 * PostgreSQL itself does for the same work, in a fresh database that is dropped afterwards, on the
 * PostgreSQL and Redis `npm test` would use (bench-servers.ts).
 *
 *   1. append throughput, 1 and 8 concurrent appenders (vs plain autocommit inserts)
 *   2. projection catch-up through a ConsumerRunner (vs an ordered scan of the log)
 *   3. full replay of a 1,000,000-event log (vs the same ordered scan)
 *   4. projection lag under a steady append load, through the real BullMQ wake-up path
 *   5. the JavaScript a first visit to the landing page loads, from web/dist as built
 *      (web/scripts/bench-bundle.mjs; `npm run bench:web` runs only this one)
 *   6. real-replay: a realistic 1,000,000-event log of the product's own events (real-mix.ts, seeded), every
 *      real projection replayed over it beside the scan of its own events, then `ops replay` and `ops verify`
 *      end to end (real-replay.ts); real-lag: every real projector running as the worker runs them while the
 *      same mix is appended at 500 events/s, lag per projector (real-lag.ts). Both in a database of their own,
 *      dropped when they are done, so the synthetic phases' events are not in their log.
 *   7. the catalogue: 100,000 artists and 100,000 venues with votes and favourites; the list, search and profile
 *      endpoints at 50 concurrent clients (the api in its own process) vs the same SQL through `pg`
 *   9. shop: the redemption transaction at 50 concurrent clients (random fans of 500) vs a bare conditional
 *      `UPDATE balances SET balance = balance - price WHERE user_id = $1 AND balance >= price` (shop-bench.ts)
 *   8. ready: the api started as `npm start` runs it (bundled), timed from spawn to GET /api/health 200 (api-ready.ts);
 *      it runs right after the database is made, before the other phases load the machine
 *
 * Sizes can be shrunk for a quick try: BENCH_APPEND_EVENTS, BENCH_REPLAY_EVENTS, BENCH_LAG_SECONDS,
 * BENCH_LAG_RATE, BENCH_REPLAY_BATCH_SIZE, BENCH_ARTISTS, BENCH_VENUES, BENCH_CATALOG_SECONDS,
 * BENCH_REAL_EVENTS, BENCH_REAL_LAG_SECONDS, BENCH_REAL_LAG_RATE, BENCH_READY_RUNS,
 * BENCH_SHOP_SECONDS, BENCH_SHOP_FANS, BENCH_CATALOG_SCENARIOS (words of the scenario names to run, e.g. 'Venues,venue'); PROJECTION_BATCH_SIZE is
 * the worker's own setting. BENCH_PHASES=web,catalog (say) runs only the named phases. BENCH_KEEP_DATABASE=1
 * keeps the database afterwards, to look at query plans on the seeded data. BENCH_API_CPU_PROFILE=<dir> has the
 * catalogue's api write a V8 CPU profile into that folder when it stops; BENCH_API_NODE_FLAGS gives that api
 * Node's flags of your choice (--trace-gc, --inspect=127.0.0.1:9333).
 *
 * `npm run bench -- --smoke` (or BENCH_SMOKE=1) runs every phase at tiny sizes in well under a minute,
 * for `npm test`: its figures mean nothing (the targets are not judged), but a phase that fails (an
 * error, a count that does not add up, an api answer that is not 200) makes it exit 1. The sizes
 * above still override its own.
 */
import os from 'node:os';
import { EventStore, REBUILD_BATCH_SIZE } from '@app/event-store';
import { createLogger, createPool, loadConfig, type Pool } from '@app/platform';
import { apiReadyBench } from './api-ready.js';
import { appendBench } from './append-bench.js';
import { createBenchDatabase, serverDescription, type BenchDatabase } from './bench-database.js';
import { findBenchServers } from './bench-servers.js';
import { benchRegistry } from './bench-projection.js';
import { catalogBench } from './catalog-bench.js';
import { formatInt, log, useCheckpoints } from './bench-util.js';
import { lagBench } from './lag-bench.js';
import { projectionBench, replayBench } from './projection-bench.js';
import { realLagBench } from './real-lag.js';
import { shopBench } from './shop-bench.js';
import { ensureRealLog, realReplayBench, REAL_MIX_SEED, type RealLog } from './real-replay.js';
import { formatTable, writeJson, type BenchResults } from './report.js';
import { webBundleBench } from './web-bundle.js';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not "${raw}"`);
  return value;
}

function secondsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds, not "${raw}"`);
  return value;
}

const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';
/** The full run's size, or the smoke's. */
const size = (full: number, smoke: number) => (SMOKE ? smoke : full);

const APPEND_EVENTS = intFromEnv('BENCH_APPEND_EVENTS', size(100_000, 200));
const REPLAY_EVENTS = intFromEnv('BENCH_REPLAY_EVENTS', size(1_000_000, 5000));
/** The ops CLI's replay batch size (the smoke's is smaller, so its replay still takes several batches). */
const REPLAY_BATCH_SIZE = intFromEnv('BENCH_REPLAY_BATCH_SIZE', size(5000, 1000));
const LAG_RATE = intFromEnv('BENCH_LAG_RATE', size(500, 100));
const LAG_SECONDS = intFromEnv('BENCH_LAG_SECONDS', size(15, 2));
const REAL_EVENTS = intFromEnv('BENCH_REAL_EVENTS', size(1_000_000, 3000));
const REAL_LAG_SECONDS = intFromEnv('BENCH_REAL_LAG_SECONDS', size(30, 2));
const REAL_LAG_RATE = intFromEnv('BENCH_REAL_LAG_RATE', size(500, 200));
/** The real-lag phase's log when real-replay did not write one (BENCH_PHASES=real-lag). */
const REAL_LAG_LOG_EVENTS = Math.min(REAL_EVENTS, 100_000);
const CATALOG_ARTISTS = intFromEnv('BENCH_ARTISTS', size(100_000, 100));
const CATALOG_VENUES = intFromEnv('BENCH_VENUES', size(100_000, 100));
const CATALOG_SECONDS = intFromEnv('BENCH_CATALOG_SECONDS', size(8, 1));
const CATALOG_CONCURRENCY = size(50, 8);
/** Signing up is slow on purpose (password hashing): the smoke's load comes from two fans. */
const CATALOG_VIEWERS = size(20, 2);
/** Each catalogue scenario's warm-up before it is measured. */
const CATALOG_WARM_UP_SECONDS = size(3, 0);
/** See catalog-bench.ts: a pause between the seeding and the measuring. */
const CATALOG_SETTLE_SECONDS = secondsFromEnv('BENCH_SETTLE_SECONDS', size(60, 0));
/** How many times the ready phase starts the api (the first start fills V8's compile cache). */
const API_READY_RUNS = intFromEnv('BENCH_READY_RUNS', size(3, 1));
const SHOP_SECONDS = intFromEnv('BENCH_SHOP_SECONDS', size(8, 1));
const SHOP_FANS = intFromEnv('BENCH_SHOP_FANS', size(500, 20));
const SHOP_CONCURRENCY = size(50, 8);
const PHASES = new Set(
  (process.env.BENCH_PHASES || 'web,ready,append,projection,replay,lag,real-replay,real-lag,catalog,shop')
    .split(',')
    .map((p) => p.trim()),
);

async function main(): Promise<number> {
  const servers = await findBenchServers();
  const serverUrl = servers.postgresUrl;
  const redisUrl = servers.redisUrl;

  let database: BenchDatabase | null = null;
  let realDatabase: BenchDatabase | null = null;
  const pools: Pool[] = [];
  const cleanUp = async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end().catch(() => undefined)));
    await realDatabase?.drop().catch(() => undefined);
    if (database && process.env.BENCH_KEEP_DATABASE === '1') {
      log(`kept database ${database.name} (BENCH_KEEP_DATABASE=1): drop it when done`);
    } else if (database) {
      await database.drop();
      log(`dropped database ${database.name}`);
    }
    await servers.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  const postgres = await serverDescription(serverUrl).catch(async (error: unknown) => {
    await servers.stop();
    throw error;
  });
  log(`PostgreSQL ${postgres.server_version} at ${new URL(serverUrl).host}, Redis at ${new URL(redisUrl).host}`);
  if (SMOKE) log('smoke run: every phase at tiny sizes; only errors count, the figures are not judged');
  useCheckpoints(!SMOKE);

  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      postgres,
      database: '',
    },
    errors: [],
  };
  const phase = async (name: string, work: () => Promise<void>) => {
    if (!PHASES.has(name)) return;
    try {
      await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`${name} failed: ${message}`);
      results.errors.push({ phase: name, message });
    }
  };

  // First: it takes a second and needs no database.
  await phase('web', async () => {
    log('landing page JavaScript, from web/dist as built');
    const { result, report } = await webBundleBench();
    results.web = result;
    console.log(report);
  });

  try {
    database = await createBenchDatabase(serverUrl);
    results.machine.database = database.name;
    log(`created and migrated database ${database.name}`);
    const config = loadConfig({
      DATABASE_URL: database.url,
      PROJECTION_BATCH_SIZE: process.env.PROJECTION_BATCH_SIZE,
      PROJECTION_POLL_INTERVAL_MS: process.env.PROJECTION_POLL_INTERVAL_MS,
      PROJECTION_MIN_PASS_INTERVAL_MS: process.env.PROJECTION_MIN_PASS_INTERVAL_MS,
    });
    const logger = createLogger('bench', 'warn');
    const pool = createPool({ connectionString: database.url, max: 12, applicationName: 'payola-bench' });
    pools.push(pool);
    const store = new EventStore(pool, benchRegistry());

    await phase('ready', async () => {
      log(`api start-up: ${API_READY_RUNS} starts as npm start runs it, each timed to GET /api/health 200`);
      results.apiReady = await apiReadyBench(database!.url, redisUrl, API_READY_RUNS);
      const ready = results.apiReady;
      log(
        `  ${ready.bundled ? 'bundled' : 'unbundled (no bundle)'}: ${ready.seconds.map((s) => `${s.toFixed(2)} s`).join(', ')}`,
      );
    });

    await phase('append', async () => {
      for (const concurrency of [1, 8]) {
        log(`append throughput, ${concurrency} appender(s), ${formatInt(APPEND_EVENTS)} events each`);
        const comparison = await appendBench(pool, store, concurrency, APPEND_EVENTS);
        if (concurrency === 1) results.append1 = comparison;
        else results.append8 = comparison;
      }
    });

    await phase('projection', async () => {
      log(`projection catch-up from zero (ConsumerRunner, batch ${config.PROJECTION_BATCH_SIZE})`);
      results.projection = await projectionBench(pool, {
        databaseUrl: database!.url,
        batchSize: config.PROJECTION_BATCH_SIZE,
        pollIntervalMs: config.PROJECTION_POLL_INTERVAL_MS,
        logger,
      });
    });

    await phase('replay', async () => {
      log(`full replay of ${formatInt(REPLAY_EVENTS)} events (replayProjection, batch ${REPLAY_BATCH_SIZE})`);
      results.replay = await replayBench(pool, REPLAY_EVENTS, REPLAY_BATCH_SIZE);
    });

    await phase('lag', async () => {
      log(
        `projection lag at ${LAG_RATE} ev/s for ${LAG_SECONDS} s (wake-up via BullMQ, poll ${config.PROJECTION_POLL_INTERVAL_MS} ms)`,
      );
      const projectorPool = createPool({
        connectionString: database!.url,
        max: 4,
        applicationName: 'payola-bench-worker',
      });
      pools.push(projectorPool);
      results.lag = await lagBench({
        appendPool: pool,
        projectorPool,
        databaseUrl: database!.url,
        redisUrl,
        batchSize: config.PROJECTION_BATCH_SIZE,
        pollIntervalMs: config.PROJECTION_POLL_INTERVAL_MS,
        minPassIntervalMs: config.PROJECTION_MIN_PASS_INTERVAL_MS,
        logger,
        ratePerSecond: LAG_RATE,
        seconds: LAG_SECONDS,
      });
      const lag = results.lag;
      log(
        `  lag p50 ${lag.p50Ms.toFixed(1)} ms, p99 ${lag.p99Ms.toFixed(1)} ms, max ${lag.maxMs.toFixed(1)} ms; ` +
          `append p50 ${lag.appendP50Ms.toFixed(1)} ms, p99 ${lag.appendP99Ms.toFixed(1)} ms; ` +
          `worst schedule slip ${lag.maxScheduleSlipMs.toFixed(1)} ms`,
      );
    });

    if (PHASES.has('real-replay') || PHASES.has('real-lag')) {
      realDatabase = await createBenchDatabase(serverUrl, '_real');
      log(`created and migrated database ${realDatabase.name} for the realistic log`);
      const realPool = createPool({ connectionString: realDatabase.url, max: 8, applicationName: 'payola-bench-real' });
      const realProjectorPool = createPool({
        connectionString: realDatabase.url,
        max: 12,
        applicationName: 'payola-bench-real-worker',
      });
      let realLog: RealLog | null = null;
      try {
        await phase('real-replay', async () => {
          log(`realistic log of ${formatInt(REAL_EVENTS)} events (seed ${REAL_MIX_SEED})`);
          realLog = await ensureRealLog(realPool, REAL_EVENTS, realLog);
          log(
            `every real projection replayed (replayProjection, batch ${REBUILD_BATCH_SIZE} as ops replay) beside its scan; ops replay, verify`,
          );
          results.realReplay = await realReplayBench({
            pool: realPool,
            databaseUrl: realDatabase!.url,
            realLog,
            // The batch ops replay and verify use: what an operator's rebuild gets.
            batchSize: SMOKE ? REPLAY_BATCH_SIZE : REBUILD_BATCH_SIZE,
            // ops verify rebuilds every projection and compares: the smoke's end-to-end check of the CLI.
            opsCommands: SMOKE ? ['verify'] : ['replay', 'verify'],
          });
        });
        await phase('real-lag', async () => {
          realLog = await ensureRealLog(realPool, realLog?.events ?? REAL_LAG_LOG_EVENTS, realLog);
          log(
            `real projector lag at ${REAL_LAG_RATE} ev/s of the realistic mix for ${REAL_LAG_SECONDS} s ` +
              `(every log consumer in a ConsumerRunner, batch ${config.PROJECTION_BATCH_SIZE}, poll ${config.PROJECTION_POLL_INTERVAL_MS} ms)`,
          );
          results.realLag = await realLagBench({
            appendPool: realPool,
            projectorPool: realProjectorPool,
            databaseUrl: realDatabase!.url,
            redisUrl,
            batchSize: config.PROJECTION_BATCH_SIZE,
            pollIntervalMs: config.PROJECTION_POLL_INTERVAL_MS,
            minPassIntervalMs: config.PROJECTION_MIN_PASS_INTERVAL_MS,
            logger,
            ratePerSecond: REAL_LAG_RATE,
            seconds: REAL_LAG_SECONDS,
            mix: realLog.mix,
            logEvents: realLog.events,
          });
          for (const consumer of results.realLag.consumers) {
            log(
              `  ${consumer.name}: ${formatInt(consumer.events)} events, lag p50 ${consumer.p50Ms.toFixed(1)} / ` +
                `p95 ${consumer.p95Ms.toFixed(1)} / p99 ${consumer.p99Ms.toFixed(1)} ms (max ${consumer.maxMs.toFixed(0)})`,
            );
          }
        });
      } finally {
        await realPool.end().catch(() => undefined);
        await realProjectorPool.end().catch(() => undefined);
        if (process.env.BENCH_KEEP_DATABASE !== '1') {
          await realDatabase.drop();
          log(`dropped database ${realDatabase.name}`);
          realDatabase = null;
        } else {
          log(`kept database ${realDatabase.name} (BENCH_KEEP_DATABASE=1): drop it when done`);
          realDatabase = null;
        }
      }
    }

    await phase('catalog', async () => {
      log(
        `catalogue: ${formatInt(CATALOG_ARTISTS)} artists and ${formatInt(CATALOG_VENUES)} venues, ` +
          `${CATALOG_CONCURRENCY} concurrent clients, ${CATALOG_SECONDS} s per scenario`,
      );
      results.catalog = await catalogBench({
        databaseUrl: database!.url,
        redisUrl,
        logger,
        artists: CATALOG_ARTISTS,
        venues: CATALOG_VENUES,
        concurrency: CATALOG_CONCURRENCY,
        secondsPerScenario: CATALOG_SECONDS,
        warmUpSeconds: CATALOG_WARM_UP_SECONDS,
        settleSeconds: CATALOG_SETTLE_SECONDS,
        viewers: CATALOG_VIEWERS,
      });
      // Under the full load a few slow answers are the figures' business (a MISS); at the smoke's
      // light load any answer but a 200 is an endpoint that is broken.
      const failing = results.catalog.scenarios.filter((s) => s.ours.errors > 0 || s.ours.requests === 0);
      if (SMOKE && failing.length > 0) {
        throw new Error(
          `the api failed requests: ${failing
            .map((s) => `${s.name} (${s.ours.errors} of ${s.ours.requests}: ${JSON.stringify(s.ours.failures ?? {})})`)
            .join(', ')}`,
        );
      }
      if (SMOKE && results.catalog.apiErrorsLogged > 0) {
        throw new Error(`the api logged ${results.catalog.apiErrorsLogged} errors (above)`);
      }
    });

    await phase('shop', async () => {
      log(
        `shop: redemptions at ${SHOP_CONCURRENCY} concurrent clients for ${SHOP_SECONDS} s, beside a bare balance update`,
      );
      results.shop = await shopBench({
        databaseUrl: database!.url,
        fans: SHOP_FANS,
        concurrency: SHOP_CONCURRENCY,
        seconds: SHOP_SECONDS,
      });
      const { ours, baseline } = results.shop;
      log(
        `  redeem p50 ${ours.p50Ms.toFixed(1)} / p99 ${ours.p99Ms.toFixed(1)} ms, ${formatInt(ours.perSecond)}/s ` +
          `(${ours.errors} refused: ${JSON.stringify(ours.failures ?? {})}); bare update p50 ${baseline.p50Ms.toFixed(1)} / ` +
          `p99 ${baseline.p99Ms.toFixed(1)} ms, ${formatInt(baseline.perSecond)}/s`,
      );
      if (ours.errors > 0) throw new Error(`redemptions failed: ${JSON.stringify(ours.failures ?? {})}`);
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`setup failed: ${message}`);
    results.errors.push({ phase: 'setup', message });
  } finally {
    await cleanUp().catch((error: unknown) => {
      log(`could not drop the bench database: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  console.log(`\n${formatTable(results, REPLAY_EVENTS)}\n`);
  // A smoke run leaves the last full run's figures where they are.
  const file = await writeJson(results, REPLAY_EVENTS, SMOKE ? 'bench-smoke.json' : 'bench.json');
  log(`results written to ${file}`);
  return results.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
