import { Module } from '@nestjs/common';
import { HealthServer } from './health/health-server.js';
import { EmailSender } from './jobs/email-sender.js';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { PG_POOL, PlatformModule, type Pool } from '@app/platform';
import { createLogConsumers } from './log-consumers.js';
import { LOG_CONSUMERS, ProjectionSupervisor } from './projection/projection-supervisor.js';

@Module({
  imports: [PlatformModule.forRoot('worker')],
  providers: [
    {
      provide: LOG_CONSUMERS,
      inject: [PG_POOL],
      useFactory: (pool: Pool) => createLogConsumers(new EventStore(pool, createDomainEventRegistry())),
    },
    ProjectionSupervisor,
    HealthServer,
    EmailSender,
  ],
})
export class WorkerModule {}
