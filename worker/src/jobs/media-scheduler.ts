import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
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

/**
 * The hourly cleanup of uploads never attached to anything (a BullMQ job scheduler with a fixed id:
 * one schedule however many workers upsert it; the cleanup itself is idempotent).
 */
@Injectable()
export class MediaScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | null = null;
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

  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: this.connection, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(MEDIA_CLEANUP_QUEUE, options);
    try {
      await this.queue.upsertJobScheduler(
        MEDIA_CLEANUP_SCHEDULE.id,
        { pattern: MEDIA_CLEANUP_SCHEDULE.pattern, tz: MEDIA_CLEANUP_SCHEDULE.tz },
        { name: MEDIA_CLEANUP_JOB, opts: { removeOnComplete: 24, removeOnFail: 100 } },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'could not register the media cleanup schedule; will retry on next start');
    }
    this.worker = new Worker(
      MEDIA_CLEANUP_QUEUE,
      async () => {
        const result = await cleanupUnattachedMedia(this.pool, this.store, this.storage);
        if (result.expired > 0) this.supervisor.pokeAll();
        this.logger.info(result, 'unattached media cleaned up');
        return result;
      },
      options,
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'media schedule queue unavailable'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection.disconnect();
  }
}
