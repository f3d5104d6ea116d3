import { Queue } from 'bullmq';
import { createRedis } from './redis.js';

/** Queue names. Job ids and names must not contain ':' (BullMQ uses it as its key separator). */
export const QUEUES = {
  projections: 'projections',
} as const;

export const PROJECTION_WAKEUP_JOB = 'wake-up';

/**
 * Tells the worker that new events were appended. One pending wake-up is enough however many
 * appends happen, so the job is de-duplicated; the worker also polls, so a lost wake-up (or a
 * Redis outage) only delays projection.
 */
export class ProjectionWakeup {
  private readonly connection;
  private readonly queue: Queue;

  constructor(redisUrl: string, prefix: string) {
    this.connection = createRedis(redisUrl, 'client');
    this.queue = new Queue(QUEUES.projections, {
      connection: this.connection,
      prefix,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: 100 },
    });
  }

  async wake(): Promise<void> {
    // BullMQ would wait for a first connection however long that takes, piling up one promise per append.
    if (this.connection.status !== 'ready') return;
    try {
      await this.queue.add(PROJECTION_WAKEUP_JOB, {}, { deduplication: { id: PROJECTION_WAKEUP_JOB } });
    } catch {
      // Redis is unavailable: the worker's polling picks the events up.
    }
  }

  async close(): Promise<void> {
    // Closing would wait for a connection that may never come: drop it first when Redis is away.
    if (this.connection.status !== 'ready') this.connection.disconnect();
    await this.queue.close();
    this.connection.disconnect();
  }
}
