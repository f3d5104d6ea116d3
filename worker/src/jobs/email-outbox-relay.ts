import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  EmailOutbox,
  EmailQueue,
  InjectConfig,
  InjectLogger,
  InjectPool,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';

const RELAY_INTERVAL_MS = 2000;

/**
 * Queues the emails the api staged but could not queue itself (Redis was away, or the api stopped
 * between commit and enqueue). Several worker replicas can run it: rows are claimed with SKIP LOCKED.
 */
@Injectable()
export class EmailOutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: EmailQueue;
  readonly outbox: EmailOutbox;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private unavailableSince: number | null = null;

  constructor(
    @InjectConfig() config: AppConfig,
    @InjectPool() pool: Pool,
    @InjectLogger() private readonly logger: Logger,
  ) {
    this.queue = new EmailQueue(config.REDIS_URL, config.QUEUE_PREFIX);
    this.outbox = new EmailOutbox(pool, this.queue);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), RELAY_INTERVAL_MS);
  }

  /** One relay pass; never overlaps itself. */
  tick(): Promise<void> {
    this.running ??= this.drain().finally(() => (this.running = null));
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      let relayed = 0;
      for (let batch = await this.outbox.relay(); batch > 0; batch = await this.outbox.relay()) relayed += batch;
      if (relayed > 0) this.logger.info({ relayed }, 'queued emails from the outbox');
      this.unavailableSince = null;
    } catch (error) {
      // Log an outage once, not every two seconds.
      if (this.unavailableSince === null) {
        this.unavailableSince = Date.now();
        this.logger.warn({ err: error }, 'emails wait in the outbox until the email queue is back');
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.queue.close();
  }
}
