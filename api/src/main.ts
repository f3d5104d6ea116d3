import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadConfigOrExit } from '@app/platform';
import { ApiModule } from './api.module.js';
import { ApiExceptionFilter } from './infrastructure/api-exception.filter.js';
import { defaultWebDistDir, serveWebApp } from './infrastructure/serve-web.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger('api', config.LOG_LEVEL);
  // rawBody: payment and identity webhooks verify signatures over the exact bytes received.
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, { rawBody: true, logger: ['error', 'warn'] });
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  if (config.SERVE_WEB) {
    const dir = config.WEB_DIST_DIR ?? defaultWebDistDir();
    if (!serveWebApp(app, dir)) logger.warn({ dir }, 'web app not built; serving the API only (run "npm run build")');
  }
  // SIGTERM/SIGINT: stop accepting connections, finish in-flight requests, close pools.
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  logger.info({ url: config.PUBLIC_URL, port: config.PORT }, 'api listening');
}

void bootstrap();
