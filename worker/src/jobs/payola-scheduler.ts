import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { EventStore } from '@app/event-store';
import {
  grantMonthlyMembership,
  MONTHLY_GRANT_JOB,
  MONTHLY_GRANT_QUEUE,
  MONTHLY_GRANT_SCHEDULE,
} from '@app/modules/payola';
import {
  createRedis,
  InjectConfig,
  InjectLogger,
  InjectPool,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import { ProjectionSupervisor } from '../projection/projection-supervisor.js';

/**
 * Scheduled Payola grants. The BullMQ job scheduler has a fixed id, so however many worker
 * replicas upsert it there is one schedule; the grant itself is idempotent per user and month.
 */
@Injectable()
export class PayolaScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private readonly connection;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionSupervisor) private readonly supervisor: ProjectionSupervisor,
  ) {
    this.connection = createRedis(config.REDIS_URL, 'blocking');
  }

  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: this.connection, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(MONTHLY_GRANT_QUEUE, options);
    try {
      await this.queue.upsertJobScheduler(
        MONTHLY_GRANT_SCHEDULE.id,
        { pattern: MONTHLY_GRANT_SCHEDULE.pattern, tz: MONTHLY_GRANT_SCHEDULE.tz },
        { name: MONTHLY_GRANT_JOB },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'could not register the monthly Payola schedule; will retry on next start');
    }
    this.worker = new Worker(
      MONTHLY_GRANT_QUEUE,
      async () => {
        const granted = await grantMonthlyMembership(this.pool, this.store);
        if (granted > 0) this.supervisor.pokeAll();
        this.logger.info({ granted }, 'monthly membership Payola granted');
        return { granted };
      },
      options,
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'schedule queue unavailable'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection.disconnect();
  }
}
