import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import {
  createRedis,
  InjectConfig,
  InjectLogger,
  InjectPool,
  QUEUES,
  type AppConfig,
  type Logger,
  type Pool,
} from '@app/platform';
import {
  ConsumerRunner,
  migrateReadModels,
  readLag,
  WakeupDispatcher,
  type LogConsumer,
  type Projection,
} from '@app/event-store';
import type { TProjectorLag } from '@app/contracts';
import { formatLogPosition } from '@app/event-store';

export const LOG_CONSUMERS = Symbol('LOG_CONSUMERS');

/**
 * Runs every log consumer: takes ownership where it can, projects on wake-up jobs from the API and
 * on a polling timer, and stops cleanly on shutdown (the batch in flight finishes first).
 */
@Injectable()
export class ProjectionSupervisor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly runners: ConsumerRunner[];
  /** Wakes the runners each append concerns (wakeup-dispatcher.ts). */
  private readonly dispatcher: WakeupDispatcher;
  private wakeupWorker: Worker | null = null;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @InjectLogger() private readonly logger: Logger,
    @Inject(LOG_CONSUMERS) consumers: readonly LogConsumer[],
  ) {
    this.runners = consumers.map(
      (consumer) =>
        new ConsumerRunner(pool, consumer, {
          databaseUrl: config.DATABASE_URL,
          batchSize: config.PROJECTION_BATCH_SIZE,
          pollIntervalMs: config.PROJECTION_POLL_INTERVAL_MS,
          minPassIntervalMs: config.PROJECTION_MIN_PASS_INTERVAL_MS,
          logger,
          // A reactor's appends are new events for everyone else.
          afterCommit: consumer.kind === 'reactor' ? () => this.dispatcher.wake() : undefined,
        }),
    );
    this.dispatcher = new WakeupDispatcher(pool, this.runners, {
      onError: (error) =>
        this.logger.warn({ err: error }, 'could not look at what a wake-up brought; woke every consumer'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const projections = this.runners.map((r) => r.consumer).filter((c): c is Projection => c.kind === 'projection');
    await migrateReadModels(this.pool, projections);
    for (const runner of this.runners) await runner.start();

    this.wakeupWorker = new Worker(
      QUEUES.projections,
      () => {
        this.dispatcher.wake();
        return Promise.resolve();
      },
      {
        connection: createRedis(this.config.REDIS_URL, 'blocking'),
        prefix: this.config.QUEUE_PREFIX,
        concurrency: 1,
      },
    );
    this.wakeupWorker.on('error', (error) => {
      // Redis outages only delay projection: polling carries on.
      this.logger.warn({ err: error }, 'wake-up queue unavailable; projecting by polling');
    });
    this.logger.info({ consumers: this.runners.map((r) => r.consumer.name) }, 'projection supervisor started');
  }

  /** New events were appended here (a scheduled job's): the runners they concern read now. */
  wake(): void {
    this.dispatcher.wake();
  }

  async lag(): Promise<TProjectorLag[]> {
    const lags = await readLag(
      this.pool,
      this.runners.map((r) => r.consumer.name),
    );
    return lags.map((lag) => ({
      name: lag.name,
      owned: this.runners.find((r) => r.consumer.name === lag.name)?.owned ?? false,
      eventsBehind: lag.eventsBehind,
      secondsBehind: Math.round(lag.secondsBehind * 1000) / 1000,
      position: formatLogPosition(lag.position),
    }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.wakeupWorker?.close();
    await this.dispatcher.stop();
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.logger.info('projection supervisor stopped');
  }
}
