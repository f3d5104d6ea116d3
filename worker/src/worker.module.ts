import { Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { HealthServer } from './health/health-server.js';
import { EmailSender } from './jobs/email-sender.js';
import { logConsumers } from './log-consumers.js';
import { LOG_CONSUMERS, ProjectionSupervisor } from './projection/projection-supervisor.js';

@Module({
  imports: [PlatformModule.forRoot('worker')],
  providers: [{ provide: LOG_CONSUMERS, useValue: logConsumers }, ProjectionSupervisor, HealthServer, EmailSender],
})
export class WorkerModule {}
