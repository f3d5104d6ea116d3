import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EventStore } from '@app/event-store';
import {
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
import { mediaCleanupJob } from './media-cleanup-job.js';
import { monthlyGrantJob } from './monthly-grant-job.js';
import { startScheduledJob, type RunningScheduledJob, type ScheduledJobDefinition } from './scheduled-job.js';

/** Every scheduled job the worker runs: a new one is declared with defineScheduledJob and listed here. */
export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [monthlyGrantJob, mediaCleanupJob];

/** Starts every scheduled job when the worker starts and closes them when it stops (see scheduled-job.ts). */
@Injectable()
export class ScheduledJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private running: RunningScheduledJob[] = [];

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
    @InjectObjectStorage() private readonly storage: ObjectStorage,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionSupervisor) private readonly supervisor: ProjectionSupervisor,
  ) {}

  onApplicationBootstrap(): void {
    const context = {
      pool: this.pool,
      store: this.store,
      storage: this.storage,
      logger: this.logger,
      pokeProjections: () => this.supervisor.wake(),
    };
    const options = { redisUrl: this.config.REDIS_URL, prefix: this.config.QUEUE_PREFIX, logger: this.logger };
    this.running = SCHEDULED_JOBS.map((job) => startScheduledJob(job, context, options));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.splice(0).map((job) => job.close()));
  }
}
