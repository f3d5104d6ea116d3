import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { sessionMiddleware, CSRF_TOKENS, SessionCache, type CsrfTokens } from '@app/modules/identity';
import { operatorConsoleAccess, PRODUCT_QUEUE_NAMES } from '@app/modules/operators';
import {
  APP_CONFIG,
  createLogger,
  PG_POOL,
  REDIS,
  SafeInputPipe,
  type AppConfig,
  type Pool,
  type Redis,
} from '@app/platform';
import { ApiModule } from './api.module.js';
import { ApiExceptionFilter } from './infrastructure/api-exception.filter.js';
import { requestDeadline } from './infrastructure/request-deadline.js';
import { RouteTreeAdapter } from './infrastructure/route-tree-adapter.js';
import { nestLogger, requestLogging } from './infrastructure/request-logging.js';
import { readModelLagHeader } from './infrastructure/read-model-lag-header.js';
import { jsonBodiesOnly } from './infrastructure/json-bodies-only.js';
import { middlewareChain } from './infrastructure/middleware-chain.js';
import { sameOriginWrites } from './infrastructure/same-origin.js';
import { securityHeaders } from './infrastructure/security-headers.js';
import { defaultWebDistDir, serveWebApp } from './infrastructure/serve-web.js';
import { QUEUE_BOARD_PATH, queueBoard } from './infrastructure/queue-board.js';
import { responseRecorder } from './openapi/record-responses.js';
import { apiReference } from './openapi/serve-openapi.js';

/** The configured api application, not yet listening (main.ts listens; tests use it in-process). */
export async function createApiApp(): Promise<NestExpressApplication> {
  // rawBody: payment and identity webhooks verify signatures over the exact bytes received.
  // Its close waits for the routes still running: stopping closes the pool only after them.
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, new RouteTreeAdapter(), {
    rawBody: true,
    bufferLogs: true,
  });
  app.useLogger(nestLogger(app.get(Logger)));
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = createLogger('api', config.LOG_LEVEL);
  // Only the proxies TRUST_PROXY names may set the client's address (X-Forwarded-For); none by default, so a
  // client reaching the api directly cannot pick its own address (and reset its per-address rate limits).
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are per user and read once by the web app, which never revalidates them: hashing every
  // body for an ETag (a list page is ~20 kB) bought nothing. Static files keep theirs (serve-web.ts).
  app.set('etag', false);
  const sessions = sessionMiddleware(
    config,
    app.get<Pool>(PG_POOL),
    app.get<CsrfTokens>(CSRF_TOKENS),
    app.get(SessionCache),
    logger,
  );
  // The e2e run records every /api answer, checked against the OpenAPI document at its end (api/src/openapi).
  const recorder = responseRecorder(process.env.RECORD_API_RESPONSES_DIR);
  if (recorder) app.use(recorder);
  // What every request passes before its route, in this order, as one Express layer (middleware-chain.ts).
  app.use(
    middlewareChain([
      // The access line carries the request id as a field: it is written after the request's context ended.
      { handler: requestLogging(createLogger('api', config.LOG_LEVEL, { requestId: false })), apiOnly: true },
      { handler: readModelLagHeader() },
      { handler: securityHeaders(config.PUBLIC_URL, config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT) },
      { handler: jsonBodiesOnly(), apiOnly: true },
      { handler: sameOriginWrites(config.PUBLIC_URL) },
      // Before the session, so the time a request waits for its session counts too.
      { handler: requestDeadline(config.API_REQUEST_TIMEOUT_MS, logger), apiOnly: true },
      ...sessions.map((handler) => ({ handler, apiOnly: true })),
    ]),
  );
  // GET /api/openapi.json and the reference page /api/docs (api/src/openapi/serve-openapi.ts).
  const isOperator = operatorConsoleAccess(app);
  app.use(apiReference(isOperator));
  // bull-board for operators past the second factor; everyone else falls through (queue-board.ts).
  app.use(
    QUEUE_BOARD_PATH,
    queueBoard({
      queueNames: PRODUCT_QUEUE_NAMES,
      redis: app.get<Redis>(REDIS),
      prefix: config.QUEUE_PREFIX,
      sessions,
      csrf: app.get<CsrfTokens>(CSRF_TOKENS).middleware,
      isOperator,
      logger,
    }),
  );
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  // Before every route's own pipe: NUL, unpaired surrogates and prototype keys are a 400 naming the field.
  app.useGlobalPipes(new SafeInputPipe());
  if (config.SERVE_WEB) {
    const dir = config.WEB_DIST_DIR ?? defaultWebDistDir();
    const sourceMaps = config.SERVE_SOURCE_MAPS ?? config.NODE_ENV !== 'production';
    if (!serveWebApp(app, dir, { sourceMaps }))
      logger.warn({ dir }, 'web app not built; serving the API only (run "npm run build")');
  }
  // SIGTERM/SIGINT: stop accepting connections, finish in-flight requests, close pools.
  app.enableShutdownHooks();
  return app;
}
