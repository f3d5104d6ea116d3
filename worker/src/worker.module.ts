import { Module } from '@nestjs/common';
import { HealthServer } from './health/health-server.js';
import { EmailOutboxRelay } from './jobs/email-outbox-relay.js';
import { EmailSender } from './jobs/email-sender.js';
import { ListenerInvitationSender } from './jobs/listener-invitation-sender.js';
import { ScheduledJobs } from './jobs/scheduled-jobs.js';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import {
  APP_CONFIG,
  OBJECT_STORAGE,
  PG_POOL,
  PlatformModule,
  type AppConfig,
  type ObjectStorage,
  type Pool,
} from '@app/platform';
import { createLogConsumers } from './log-consumers.js';
import { LOG_CONSUMERS, ProjectionSupervisor } from './projection/projection-supervisor.js';

@Module({
  imports: [PlatformModule.forRoot('worker')],
  providers: [
    {
      provide: EventStore,
      inject: [PG_POOL],
      useFactory: (pool: Pool) => new EventStore(pool, createDomainEventRegistry()),
    },
    {
      provide: LOG_CONSUMERS,
      inject: [EventStore, OBJECT_STORAGE, APP_CONFIG],
      useFactory: (store: EventStore, storage: ObjectStorage, config: AppConfig) =>
        createLogConsumers(store, storage, config),
    },
    ProjectionSupervisor,
    HealthServer,
    EmailSender,
    EmailOutboxRelay,
    ListenerInvitationSender,
    ScheduledJobs,
  ],
})
export class WorkerModule {}
