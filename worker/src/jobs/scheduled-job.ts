/**
 * The one way the worker declares a scheduled job: `defineScheduledJob({ name, queue, schedule, handler })`
 * in a file of its own, listed in SCHEDULED_JOBS (scheduled-jobs.ts). ScheduledJobs (the Nest provider)
 * starts each the same way: its schedule kept in Redis through restarts (keepScheduled), a BullMQ
 * worker on its queue running the handler, both closed on shutdown.
 *
 * Why our own small helper rather than @nestjs/bullmq (removed from the worker's dependencies): its
 * Processor/WorkerHost and BullModule.registerQueue declare queues and consumers, not schedules, so
 * the upsertJobScheduler call and the keeper (re-registering a schedule Redis lost) would stay ours
 * anyway; its queues and workers open their connections from its own options, where ours need
 * createRedis's two kinds (a worker's blocking one, a fail-fast one for the keeper's queue); and a
 * decorated processor runs only inside a Nest container, where a definition here is a plain value a
 * test starts against a Redis of its own.
 */
import { Worker } from 'bullmq';
import type { EventStore } from '@app/event-store';
import { createRedis, type Logger, type ObjectStorage, type Pool } from '@app/platform';
import { keepScheduled, type ScheduledJob, type ScheduleKeeper } from './keep-scheduled.js';

/** What a scheduled job's handler may use: the worker's own pool, log, storage and projections. */
export interface ScheduledJobContext {
  pool: Pool;
  store: EventStore;
  storage: ObjectStorage;
  logger: Logger;
  /** Wakes every projection now: a job that appended events need not wait for their next poll. */
  pokeProjections: () => void;
}

/** Where the job's schedule lives (name, queue, schedule, jobOptions: see ScheduledJob) and what it does. */
export interface ScheduledJobDefinition<Result = unknown> extends ScheduledJob {
  /** Runs once per scheduled job; may run again for the same slot (a retry, a second worker): keep it idempotent. */
  handler(context: ScheduledJobContext): Promise<Result>;
}

/** Declares a scheduled job (typing only: the definition is a plain value). */
export function defineScheduledJob<Result>(job: ScheduledJobDefinition<Result>): ScheduledJobDefinition<Result> {
  return job;
}

export interface ScheduledJobOptions {
  redisUrl: string;
  prefix: string;
  logger: Logger;
  /** How often the keeper looks for the schedule while the connection stays up (keepScheduled's default). */
  checkIntervalMs?: number;
}

/** A started job: its schedule kept and its queue consumed until `close()`. */
export interface RunningScheduledJob {
  readonly keeper: ScheduleKeeper;
  close(): Promise<void>;
}

/** Keeps `job`'s schedule in Redis and runs its handler for every job its queue receives. */
export function startScheduledJob(
  job: ScheduledJobDefinition,
  context: ScheduledJobContext,
  options: ScheduledJobOptions,
): RunningScheduledJob {
  const keeper = keepScheduled(job, options);
  const connection = createRedis(options.redisUrl, 'blocking');
  const worker = new Worker(job.queue, async () => job.handler(context), {
    connection,
    prefix: options.prefix,
  });
  worker.on('error', (error) =>
    options.logger.warn({ err: error, queue: job.queue, job: job.name }, 'scheduled job queue unavailable'),
  );
  return {
    keeper,
    async close() {
      await worker.close();
      await keeper.close();
      connection.disconnect();
    },
  };
}
