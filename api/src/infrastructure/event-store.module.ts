import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createDomainEventRegistry } from '@app/contracts';
import { EventSourcedRepository, EventStore, ProjectionWaiter } from '@app/event-store';
import { APP_CONFIG, PG_POOL, ProjectionWakeup, type AppConfig, type Pool } from '@app/platform';

class WakeupLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ProjectionWakeup) private readonly wakeup: ProjectionWakeup) {}

  onApplicationShutdown(): Promise<void> {
    return this.wakeup.close();
  }
}

/**
 * The write side's event store and the repository every use case appends through. Every committed append wakes the worker through a de-duplicated
 * BullMQ job; ProjectionWaiter gives command handlers read-your-writes.
 */
@Global()
@Module({
  providers: [
    {
      provide: ProjectionWakeup,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ProjectionWakeup(config.REDIS_URL, config.QUEUE_PREFIX),
    },
    {
      provide: EventStore,
      inject: [PG_POOL, ProjectionWakeup],
      useFactory: (pool: Pool, wakeup: ProjectionWakeup) => {
        const store = new EventStore(pool, createDomainEventRegistry());
        store.onAppended(() => void wakeup.wake());
        return store;
      },
    },
    { provide: ProjectionWaiter, inject: [PG_POOL], useFactory: (pool: Pool) => new ProjectionWaiter(pool) },
    {
      provide: EventSourcedRepository,
      inject: [PG_POOL, EventStore, ProjectionWaiter],
      useFactory: (pool: Pool, store: EventStore, waiter: ProjectionWaiter) =>
        new EventSourcedRepository(pool, store, waiter),
    },
    WakeupLifecycle,
  ],
  exports: [EventStore, ProjectionWaiter, ProjectionWakeup, EventSourcedRepository],
})
export class EventStoreModule {}
