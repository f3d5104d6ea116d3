import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import {
  createMailer,
  createRedis,
  EMAIL_QUEUE,
  InjectConfig,
  InjectLogger,
  InjectPool,
  requestContext,
  ZEmailMessage,
  type AppConfig,
  type Logger,
  type Pool,
  type TEmailMessage,
} from '@app/platform';

/** Delivers queued emails: over SMTP when SMTP_URL is set, else into the local inbox. */
@Injectable()
export class EmailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  // Jobs carry what EmailQueue.send parsed; the processor parses again before sending all the same.
  private worker: Worker<TEmailMessage> | null = null;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const mailer = createMailer(this.config, this.pool);
    this.worker = new Worker(
      EMAIL_QUEUE,
      async (job) => {
        const message = ZEmailMessage.parse(job.data);
        // On behalf of the request that caused it: every line logged while sending names that request.
        await requestContext.run(message.requestId, async () => {
          await mailer.send(message);
          this.logger.info({ to: message.to, subject: message.subject, via: mailer.mode }, 'email sent');
        });
      },
      { connection: createRedis(this.config.REDIS_URL, 'blocking'), prefix: this.config.QUEUE_PREFIX, concurrency: 4 },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(
        {
          err: error,
          attempts: job?.attemptsMade,
          requestId: job?.data.requestId,
        },
        'email delivery failed; will retry',
      ),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'email queue unavailable'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
