import { Queue, type JobSchedulerTemplateOptions } from 'bullmq';
import { createRedis, type Logger, type Redis } from '@app/platform';

/** How often a schedule is looked for while the connection stays up (a Redis emptied without dropping it). */
export const SCHEDULE_CHECK_INTERVAL_MS = 60_000;

/** A cron pattern (seconds first, as BullMQ reads it) in a time zone, or a fixed interval in ms. */
export type JobSchedule = { readonly id: string } & (
  { readonly pattern: string; readonly tz: string } | { readonly every: number }
);

/** What the keeper needs of a scheduled job: where its schedule lives, not what it does. */
export interface ScheduledJob {
  /** The BullMQ job name the schedule produces. */
  readonly name: string;
  readonly queue: string;
  /** A fixed id: however many workers register it, there is one schedule. */
  readonly schedule: JobSchedule;
  readonly jobOptions?: JobSchedulerTemplateOptions;
}

export interface KeepScheduledOptions {
  redisUrl: string;
  prefix: string;
  logger: Logger;
  checkIntervalMs?: number;
}

/**
 * Keeps a BullMQ job scheduler in Redis for as long as the worker runs. Redis holds schedules in
 * memory only (the launcher's keeps nothing on disk), so a schedule registered once at start is gone
 * after Redis comes back empty, and the job would stop silently until the worker restarted.
 *
 * The schedule is registered when the connection first becomes ready, looked for again whenever it
 * becomes ready after a reconnect and every `checkIntervalMs`, and registered again when missing
 * (upserting a fixed id is idempotent). It is only upserted when missing: an upsert replaces the
 * scheduler's next job, and one that had just become due would be skipped. The queue has a
 * connection of its own that fails fast, so nothing waits on a Redis that is away; an outage is
 * logged once, at warn, and never throws.
 */
export class ScheduleKeeper {
  readonly queue: Queue;
  private readonly connection: Redis;
  private readonly timer: NodeJS.Timeout;
  private registered = false;
  private unavailable = false;
  private running: Promise<void> | null = null;
  private checkAgain = false;
  private closed = false;

  constructor(
    private readonly job: ScheduledJob,
    private readonly options: KeepScheduledOptions,
  ) {
    this.connection = createRedis(options.redisUrl, 'client');
    this.queue = new Queue(job.queue, { connection: this.connection, prefix: options.prefix });
    // Connection errors reach us through the connection's own events; the queue would print them.
    this.queue.on('error', () => undefined);
    this.connection.on('ready', () => void this.check());
    this.connection.on('error', (error) => this.reportUnavailable(error));
    this.timer = setInterval(() => void this.check(), options.checkIntervalMs ?? SCHEDULE_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  /** Makes sure the schedule is in Redis now; a check asked for while one runs runs again after it. */
  check(): Promise<void> {
    if (this.running) {
      this.checkAgain = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.checkAgain = false;
        await this.checkOnce();
      } while (this.checkAgain && !this.closed);
    })().finally(() => (this.running = null));
    return this.running;
  }

  private async checkOnce(): Promise<void> {
    if (this.closed) return;
    // A queue command before the first connection would wait for it, however long that takes.
    if (this.connection.status !== 'ready') {
      this.reportUnavailable(new Error(`Redis connection is ${this.connection.status}`));
      return;
    }
    const { id } = this.job.schedule;
    try {
      if (!this.registered) {
        await this.upsert();
        this.registered = true;
        this.options.logger.info({ schedule: id, queue: this.job.queue }, 'job schedule registered');
      } else if (!(await this.queue.getJobScheduler(id))) {
        await this.upsert();
        this.options.logger.warn(
          { schedule: id, queue: this.job.queue },
          'job schedule was missing from Redis (restarted empty?); registered again',
        );
      }
      if (this.unavailable) {
        this.unavailable = false;
        this.options.logger.info({ schedule: id, queue: this.job.queue }, 'Redis is back; job schedule in place');
      }
    } catch (error) {
      this.reportUnavailable(error);
    }
  }

  private async upsert(): Promise<void> {
    const { id, ...repeat } = this.job.schedule;
    await this.queue.upsertJobScheduler(id, repeat, {
      name: this.job.name,
      ...(this.job.jobOptions ? { opts: this.job.jobOptions } : {}),
    });
  }

  private reportUnavailable(error: unknown): void {
    if (this.unavailable || this.closed) return;
    this.unavailable = true;
    this.options.logger.warn(
      { err: error, schedule: this.job.schedule.id, queue: this.job.queue },
      'cannot check the job schedule while Redis is unavailable; will register it again when Redis is back',
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
    // Closing would wait for a connection that may never come: drop it first when Redis is away.
    if (this.connection.status !== 'ready') this.connection.disconnect();
    await this.queue.close();
    this.connection.disconnect();
  }
}

/** Registers `job`'s schedule and keeps it registered through Redis restarts (see ScheduleKeeper). */
export function keepScheduled(job: ScheduledJob, options: KeepScheduledOptions): ScheduleKeeper {
  return new ScheduleKeeper(job, options);
}
