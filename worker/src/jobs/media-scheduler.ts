import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { EventStore } from '@app/event-store';
import {
  cleanupUnattachedMedia,
  MEDIA_CLEANUP_JOB,
  MEDIA_CLEANUP_QUEUE,
  MEDIA_CLEANUP_SCHEDULE,
} from '@app/modules/media';
import {
  createRedis,
  InjectConfig,
  InjectLogger,
  InjectObjectStorage,
  InjectPool,
  type AppConfig,
  type Logger,
  type ObjectStorage,
  type Pool,
} from '@app/platform';
import { ProjectionSupervisor } from '../projection/projection-supervisor.js';
import { keepScheduled, type ScheduleKeeper } from './keep-scheduled.js';

/**
 * The hourly cleanup of uploads never attached to anything. The schedule is kept in Redis through
 * restarts (keepScheduled); the cleanup itself is idempotent.
 */
@Injectable()
export class MediaScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private schedule: ScheduleKeeper | null = null;
  private worker: Worker | null = null;
  private readonly connection;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
    @InjectObjectStorage() private readonly storage: ObjectStorage,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionSupervisor) private readonly supervisor: ProjectionSupervisor,
  ) {
    this.connection = createRedis(config.REDIS_URL, 'blocking');
  }

  onApplicationBootstrap(): void {
    this.schedule = keepScheduled(
      {
        queueName: MEDIA_CLEANUP_QUEUE,
        schedule: MEDIA_CLEANUP_SCHEDULE,
        jobName: MEDIA_CLEANUP_JOB,
        jobOptions: { removeOnComplete: 24, removeOnFail: 100 },
      },
      { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, logger: this.logger },
    );
    this.worker = new Worker(
      MEDIA_CLEANUP_QUEUE,
      async () => {
        const result = await cleanupUnattachedMedia(this.pool, this.store, this.storage);
        if (result.expired > 0) this.supervisor.pokeAll();
        this.logger.info(result, 'unattached media cleaned up');
        return result;
      },
      { connection: this.connection, prefix: this.config.QUEUE_PREFIX },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'media schedule queue unavailable'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.schedule?.close();
    this.connection.disconnect();
  }
}
