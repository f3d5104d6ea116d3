import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from '@app/platform';
import { WorkerModule } from './worker.module.js';

async function bootstrap(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn'] });
  // SIGTERM/SIGINT: finish the batch in flight, close BullMQ and the pools, then exit.
  app.enableShutdownHooks();
}

void bootstrap();
