import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { PlatformModule } from '@app/platform';
import { HealthController } from './health/health.controller.js';
import { EventStoreModule } from './infrastructure/event-store.module.js';

@Module({
  imports: [PlatformModule.forRoot('api'), CqrsModule.forRoot(), EventStoreModule],
  controllers: [HealthController],
})
export class ApiModule {}
