import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
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
import { keepScheduled, type ScheduleKeeper } from './keep-scheduled.js';

/**
 * Scheduled Payola grants. The schedule is kept in Redis through restarts (keepScheduled); the
 * grant itself catches up every month still owed and pays each (user, month) once.
 */
@Injectable()
export class PayolaScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private schedule: ScheduleKeeper | null = null;
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

  onApplicationBootstrap(): void {
    this.schedule = keepScheduled(
      { queueName: MONTHLY_GRANT_QUEUE, schedule: MONTHLY_GRANT_SCHEDULE, jobName: MONTHLY_GRANT_JOB },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, logger: this.logger },
    );
    this.worker = new Worker(
      MONTHLY_GRANT_QUEUE,
      async () => {
        const granted = await grantMonthlyMembership(this.pool, this.store);
        if (granted > 0) this.supervisor.pokeAll();
        this.logger.info({ granted }, 'monthly membership Payola granted');
        return { granted };
      },
      { connection: this.connection, prefix: this.config.QUEUE_PREFIX },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'schedule queue unavailable'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.schedule?.close();
    this.connection.disconnect();
  }
}
