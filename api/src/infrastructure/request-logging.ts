import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { LoggerService } from '@nestjs/common';
import { LoggerModule, type Logger as NestPinoLogger } from 'nestjs-pino';
import {
  acceptedRequestId,
  APP_CONFIG,
  createLogger,
  requestContext,
  type AppConfig,
  type Logger,
} from '@app/platform';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// The fields express and passport add to the request, read through this type where logged.
type LoggedRequest = IncomingMessage & {
  id?: string;
  originalUrl?: string;
  route?: { path?: string };
  user?: { id?: string };
};

/**
 * Gives every API request its id before anything else runs, and writes its one access line when the
 * answer is done. The id is the caller's `X-Request-Id` when it is a plausible id, else a new UUID; it is
 * echoed on the answer, written on the access line, added to every line logged while the request runs
 * (createLogger's mixin) and recorded in the metadata of the events it appends (requestContext).
 *
 * The access line is built here, once, at the end, rather than by pino-http: pino-http made two child
 * loggers per request and serialised the request even when its own lines were quiet (~6% of the api's
 * CPU on a profile read, docs/performance.md). `logger` should not add the request id itself
 * (`requestId: false`): the line is written after the request's context has ended and carries it as a field.
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const id = acceptedRequestId(req.headers['x-request-id']) ?? randomUUID();
    (req as LoggedRequest).id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    // 'close' follows 'finish' on an answer sent whole, and comes alone when the client went away first.
    res.once('close', () => writeAccessLine(logger, req, res, id, performance.now() - started));
    requestContext.run(id, next);
  };
}

/** The path without its query string: a query can carry a search term or a token. */
function pathOf(req: LoggedRequest): string {
  const url = req.originalUrl ?? req.url ?? '';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * One line per request: method, route (the pattern: `/api/artists/:id`), path, status, duration, the
 * signed-in user and the request id. No header, cookie or body is ever serialised, and the logger censors
 * secrets in whatever else is logged (censorSecrets). A 5xx is an error ('request failed'), the health
 * probe's lines are debug; an answer the client did not wait for is 'request aborted' at the same levels (a
 * load test's end aborts dozens at once: not a warning).
 */
function writeAccessLine(logger: Logger, req: Request, res: Response, requestId: string, duration: number): void {
  const request = req as LoggedRequest;
  const path = pathOf(request);
  const failed = res.statusCode >= 500;
  const aborted = !res.writableFinished;
  const level = failed ? 'error' : path === '/api/health' ? 'debug' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const line = {
    requestId,
    method: request.method,
    route: request.route?.path,
    path,
    status: res.statusCode,
    durationMs: Math.round(duration),
    userId: request.user?.id,
  };
  logger[level](line, failed ? 'request failed' : aborted ? 'request aborted' : 'request completed');
}

/**
 * nestjs-pino: Nest's logger through pino, at LOG_LEVEL (`silent` in tests). Its pino-http middleware
 * is mounted on no route (the access line is requestLogging's); lines logged inside a request carry its
 * id through createLogger's mixin.
 */
export const RequestLoggingModule = LoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    pinoHttp: { logger: createLogger('api', config.LOG_LEVEL) },
    forRoutes: [],
  }),
});

/** Nest's own start-up lines (modules loaded, each route mapped: ~100 of them) are debug, not info. */
const NEST_STARTUP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger (`app.useLogger`): pino through nestjs-pino, with Nest's start-up chatter at debug. */
export function nestLogger(logger: NestPinoLogger): LoggerService {
  return {
    log: (message: unknown, ...params: unknown[]) => {
      const context = params[params.length - 1];
      if (typeof context === 'string' && NEST_STARTUP_CONTEXTS.has(context)) logger.debug(message, ...params);
      else logger.log(message, ...params);
    },
    error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => logger.debug(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => logger.verbose(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => logger.fatal(message, ...params),
  };
}
