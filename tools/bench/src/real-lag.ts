import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Queue, Worker } from 'bullmq';
import { createDomainEventRegistry } from '@app/contracts';
import {
  ConsumerRunner,
  EventStore,
  migrateReadModels,
  WakeupDispatcher,
  type LogConsumer,
  type Projection,
} from '@app/event-store';
import { createRedis, ProjectionWakeup, QUEUES, type Logger, type Pool } from '@app/platform';
import { checkpoint, formatInt, log, percentile, sleep } from './bench-util.js';
import { anchoredWallClock, connected } from './lag-bench.js';
import { workerLogConsumers } from './real-consumers.js';
import { appendCommand } from './real-log.js';
import type { MixCommand, RealMix } from './real-mix.js';

export interface ConsumerLag {
  name: string;
  kind: 'projection' | 'reactor';
  /** Paced events of its types (one lag figure each). */
  events: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface RealLagResult {
  ratePerSecond: number;
  seconds: number;
  events: number;
  commands: number;
  /** Events already in the log when the paced appends began. */
  logEvents: number;
  /** How long the runners took to catch up with that log before the paced load (as a starting worker). */
  catchUpSeconds: number;
  appendP50Ms: number;
  appendP99Ms: number;
  /** Events per second from the first command's due time to the last acknowledgement: below the rate when the appends fell behind. */
  achievedPerSecond: number;
  maxScheduleSlipMs: number;
  /**
   * The oldest open transaction of another database on the server seen during the paced run (sampled).
   * Readers see only events older than every running transaction of the server, so on a server shared
   * with other work such a transaction holds every projector back for as long as it stays open.
   */
  oldestForeignTransactionMs: number;
  consumers: ConsumerLag[];
}

/** Samples the age of the oldest transaction of other databases until stopped; resolves to the worst seen. */
function watchForeignTransactions(pool: Pool): { stop(): Promise<number> } {
  let worst = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await pool
        .query<{ ms: number }>(
          `select coalesce(max(extract(epoch from clock_timestamp() - xact_start) * 1000), 0)::float8 as ms
           from pg_stat_activity where datname is distinct from current_database() and backend_xmin is not null`,
        )
        .catch(() => ({ rows: [{ ms: 0 }] }));
      worst = Math.max(worst, rows[0]?.ms ?? 0);
      await sleep(250);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return worst;
    },
  };
}

/** The request id that marks the n-th paced command's events, so a projector's batch names them. */
const PACED = 'bench-paced-';

/**
 * Projection lag of every real projector under the realistic mix, wired as the worker wires them
 * (worker/src/projection/projection-supervisor.ts): one ConsumerRunner per log consumer with the
 * worker's batch size and poll interval, a BullMQ worker on the wake-up queue whose jobs go to the
 * worker's WakeupDispatcher (it wakes the runners the new events concern, the others by its sweep), a
 * reactor's commit waking it again; the appends go through EventStore.append, one command per
 * transaction, each followed by the API's wake-up.
 *
 * Lag per projector and event = when the projector's batch holding the event committed (its checkpoint
 * then passes it) − when the event's append was acknowledged. Both are this process's clock: the
 * runner reports each commit (afterCommit), and the event's batch is known from the events handed to
 * its handler, which carry the paced command's request id.
 */
export async function realLagBench(options: {
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
  mix: RealMix;
  logEvents: number;
}): Promise<RealLagResult> {
  const { appendPool, projectorPool, ratePerSecond, mix } = options;
  const now = anchoredWallClock();
  const prefix = `bench-real-${process.pid}-${Date.now()}`;
  const enqueueConnection = createRedis(options.redisUrl, 'client');
  const workerConnection = createRedis(options.redisUrl, 'blocking');
  const wakeup = new ProjectionWakeup(options.redisUrl, prefix);
  const store = new EventStore(appendPool, createDomainEventRegistry());
  const reactorStore = new EventStore(projectorPool, createDomainEventRegistry());

  /** Per consumer: the paced events in the batch being handled, then each event's commit time. */
  const pending = new Map<string, string[]>();
  const committed = new Map<string, Map<string, number>>();
  const watched = (consumer: LogConsumer): LogConsumer => {
    pending.set(consumer.name, []);
    committed.set(consumer.name, new Map());
    const handle = consumer.handle.bind(consumer);
    return {
      ...consumer,
      async handle(events, db) {
        await handle(events, db);
        const ids = pending.get(consumer.name)!;
        for (const event of events) {
          const requestId = event.metadata.requestId;
          if (requestId?.startsWith(PACED)) ids.push(`${requestId}#${event.globalPosition}`);
        }
      },
    } as LogConsumer;
  };
  const consumers = (await workerLogConsumers()).createLogConsumers(reactorStore).map(watched);
  let dispatcher: WakeupDispatcher | null = null;
  const wake = () => dispatcher?.wake();
  const runners: ConsumerRunner[] = consumers.map(
    (consumer) =>
      new ConsumerRunner(projectorPool, consumer, {
        databaseUrl: options.databaseUrl,
        batchSize: options.batchSize,
        pollIntervalMs: options.pollIntervalMs,
        minPassIntervalMs: options.minPassIntervalMs,
        logger: options.logger,
        afterCommit: () => {
          const at = now();
          const ids = pending.get(consumer.name)!;
          const times = committed.get(consumer.name)!;
          // A batch that rolled back is handled again: the commit that sticks is the last one.
          for (const id of ids.splice(0)) times.set(id, at);
          if (consumer.kind === 'reactor') wake();
        },
      }),
  );

  let worker: Worker | null = null;
  try {
    await connected(enqueueConnection);
    await migrateReadModels(
      projectorPool,
      consumers.filter((c): c is Projection => c.kind === 'projection'),
    );
    // A worker that is up to date when traffic begins: each runner first catches up with the log.
    const catchUpStarted = performance.now();
    for (const runner of runners) await runner.catchUp();
    const catchUpSeconds = (performance.now() - catchUpStarted) / 1000;
    log(
      `  ${runners.length} runners caught up with ${formatInt(options.logEvents)} events in ${catchUpSeconds.toFixed(1)} s`,
    );
    // As the other phases do: the writes before (the log, the replays, this catch-up) flushed now, not
    // by a checkpoint that lands in the paced run's first seconds.
    await checkpoint(appendPool);
    for (const runner of runners) {
      await runner.start();
      if (!runner.owned) throw new Error(`the bench runner could not own ${runner.consumer.name}`);
    }
    dispatcher = new WakeupDispatcher(projectorPool, runners);
    worker = new Worker(
      QUEUES.projections,
      () => {
        wake();
        return Promise.resolve();
      },
      { connection: workerConnection, prefix, concurrency: 1 },
    );
    worker.on('error', (error) => options.logger.warn({ err: error }, 'bench wake-up worker error'));
    await worker.waitUntilReady();
    store.onAppended(() => void wakeup.wake());

    // The paced commands: the mix's next ones, stamped with the real time and their request id.
    mix.clock = () => new Date();
    // The recorder reactor runs here and records milestones itself; the mix must not append them too.
    mix.recordMilestones = false;
    const total = Math.round(ratePerSecond * options.seconds);
    const commands: MixCommand[] = [];
    let events = 0;
    while (events < total) {
      const n = commands.length;
      const command = mix
        .next()
        .map((item) => ({ ...item, metadata: { ...item.metadata, requestId: `${PACED}${n}` } }));
      commands.push(command);
      events += command.length;
    }

    const acknowledgedAt = new Map<string, number>();
    const appendLatencies: number[] = [];
    const inFlight = new Set<Promise<void>>();
    let maxSlip = 0;
    let failures = 0;
    // A command waits for the one before it on any of its streams, as a request that met a version
    // conflict retries: the mix decided their versions in order.
    const lastOnStream = new Map<string, Promise<unknown>>();
    const appendOne = (n: number, due: number) => {
      const started = now();
      maxSlip = Math.max(maxSlip, started - due);
      const command = commands[n]!;
      const before = [...new Set(command.map((item) => item.streamId))].flatMap((id) => lastOnStream.get(id) ?? []);
      const promise = Promise.allSettled(before)
        .then(() => appendCommand(appendPool, store, command))
        .then(() => {
          const at = now();
          acknowledgedAt.set(`${PACED}${n}`, at);
          appendLatencies.push(at - started);
        })
        .catch((error: unknown) => {
          failures++;
          if (failures === 1) options.logger.error({ err: error }, 'bench paced append failed');
        })
        .finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      for (const item of command) lastOnStream.set(item.streamId, promise);
    };

    log(`  appending ${formatInt(events)} events (${formatInt(commands.length)} commands) at ${ratePerSecond} ev/s`);
    // Open loop: command n is due when the events before it are due at the rate, whatever happened before.
    const dueAt: number[] = [];
    let before = 0;
    for (const command of commands) {
      dueAt.push((before / ratePerSecond) * 1000);
      before += command.length;
    }
    const foreign = watchForeignTransactions(appendPool);
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const start = now() + 10;
    let next = 0;
    let nextReport = start + 5000;
    while (next < commands.length) {
      const current = now();
      while (next < commands.length && start + dueAt[next]! <= current) {
        appendOne(next, start + dueAt[next]!);
        next++;
      }
      if (current >= nextReport) {
        log(`  appended ${formatInt(acknowledgedAt.size)}/${formatInt(commands.length)} commands`);
        nextReport += 5000;
      }
      if (next < commands.length) await sleep(Math.max(0, start + dueAt[next]! - now()));
    }
    await Promise.all(inFlight);
    loopDelay.disable();
    // Whether a lag comes from this process (its appends and every runner share one event loop) or from the database.
    log(
      `  this process's event loop delay p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    const achievedPerSecond = events / ((Math.max(...acknowledgedAt.values()) - start) / 1000);
    const oldestForeignTransactionMs = await foreign.stop();
    if (failures > 0) throw new Error(`${failures} paced commands failed`);

    // Which consumer should see which paced event.
    const expected = new Map<string, number>();
    for (const consumer of consumers) {
      const types = consumer.eventTypes ? new Set<string>(consumer.eventTypes) : null;
      let count = 0;
      for (const command of commands) for (const item of command) if (!types || types.has(item.event.type)) count++;
      expected.set(consumer.name, count);
    }
    const deadline = Date.now() + Math.max(60_000, options.pollIntervalMs * 5);
    for (;;) {
      const behind = consumers.filter((c) => committed.get(c.name)!.size < expected.get(c.name)!);
      if (behind.length === 0) break;
      if (Date.now() > deadline) {
        throw new Error(
          `not every paced event was projected: ${behind
            .map((c) => `${c.name} ${committed.get(c.name)!.size}/${expected.get(c.name)!}`)
            .join(', ')}`,
        );
      }
      await sleep(100);
    }

    const figures = consumers.map((consumer): ConsumerLag => {
      const lags = [...committed.get(consumer.name)!]
        .map(([id, at]) => at - acknowledgedAt.get(id.split('#')[0]!)!)
        .sort((a, b) => a - b);
      return {
        name: consumer.name,
        kind: consumer.kind,
        events: lags.length,
        p50Ms: percentile(lags, 0.5),
        p95Ms: percentile(lags, 0.95),
        p99Ms: percentile(lags, 0.99),
        maxMs: lags.at(-1) ?? Number.NaN,
      };
    });
    appendLatencies.sort((a, b) => a - b);
    return {
      ratePerSecond,
      seconds: options.seconds,
      events,
      commands: commands.length,
      logEvents: options.logEvents,
      catchUpSeconds,
      appendP50Ms: percentile(appendLatencies, 0.5),
      appendP99Ms: percentile(appendLatencies, 0.99),
      achievedPerSecond,
      maxScheduleSlipMs: maxSlip,
      oldestForeignTransactionMs,
      consumers: figures,
    };
  } finally {
    await worker?.close().catch(() => undefined);
    await dispatcher?.stop();
    await Promise.all(runners.map((runner) => runner.stop().catch(() => undefined)));
    await wakeup.close().catch(() => undefined);
    const queue = new Queue(QUEUES.projections, { connection: enqueueConnection, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close().catch(() => undefined);
    enqueueConnection.disconnect();
    workerConnection.disconnect();
  }
}
