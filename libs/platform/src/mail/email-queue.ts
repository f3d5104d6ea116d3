import { Queue } from 'bullmq';
import { z } from 'zod';
import { createRedis } from '../queue/redis.js';

export const EMAIL_QUEUE = 'email';
export const SEND_EMAIL_JOB = 'send-email';

/** An email job: rendered by the command that decided to send it, delivered by the worker. */
export const ZEmailMessage = z.object({
  to: z.email(),
  subject: z.string().min(1),
  html: z.string().min(1),
  text: z.string().min(1),
  /** Where a reply goes (a forwarded contact message: back to its sender). */
  replyTo: z.email().optional(),
  /** The request that caused the email (stageEmail fills it in): the worker's lines about it name it. */
  requestId: z.string().optional(),
});
export type TEmailMessage = z.infer<typeof ZEmailMessage>;

/** Hands emails to the worker. Retries with backoff when delivery fails. */
export class EmailQueue {
  private readonly connection;
  private readonly queue: Queue;

  constructor(redisUrl: string, prefix: string) {
    this.connection = createRedis(redisUrl, 'client');
    this.queue = new Queue(EMAIL_QUEUE, {
      connection: this.connection,
      prefix,
      defaultJobOptions: {
        attempts: 6,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    });
  }

  /** Queues one email; a `jobId` makes a repeated send of the same email a no-op. */
  async send(message: TEmailMessage, options: { jobId?: string } = {}): Promise<void> {
    // BullMQ waits for a first connection however long that takes: fail now instead of hanging.
    if (this.connection.status !== 'ready') throw new Error('Redis is unavailable; the email was not queued');
    await this.queue.add(SEND_EMAIL_JOB, ZEmailMessage.parse(message), options);
  }

  async close(): Promise<void> {
    // Closing would wait for a connection that may never come: drop it first when Redis is away.
    if (this.connection.status !== 'ready') this.connection.disconnect();
    await this.queue.close();
    this.connection.disconnect();
  }
}
