import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { LoggerService } from '@nestjs/common';
import { LoggerModule, type Logger } from 'nestjs-pino';
import type { Options } from 'pino-http';
import {
  acceptedRequestId,
  APP_CONFIG,
  createLogger,
  LOG_SERIALIZERS,
  requestContext,
  type AppConfig,
  type DestinationStream,
} from '@app/platform';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// Express and pino-http hand the one request object over typed as node's IncomingMessage; these are
// the fields express, pino-http and passport add to it, read through this type where logged.
type LoggedRequest = IncomingMessage & {
  id?: string;
  originalUrl?: string;
  route?: { path?: string };
  user?: { id?: string };
};

/**
 * Gives every API request its id before anything else runs: the caller's `X-Request-Id` when it is a
 * plausible id, else a new UUID. It is echoed on the answer, bound to the access line and every line
 * logged while the request runs, and recorded in the metadata of the events it appends (requestContext).
 */
export function requestIds() {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = acceptedRequestId(req.headers['x-request-id']) ?? randomUUID();
    (req as LoggedRequest).id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
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
 * One line per request, written when the answer is finished, built field by field: method, route
 * (the pattern: `/api/artists/:id`), path, status, duration and the signed-in user; the request id is
 * bound to the request's logger. No header, cookie or body is ever serialised, and the loggers censor
 * secrets in whatever else is logged (censorSecrets, LOG_SERIALIZERS).
 */
function accessLine(req: IncomingMessage, res: ServerResponse, durationMs: number) {
  const request = req as LoggedRequest;
  return {
    method: request.method,
    route: request.route?.path,
    path: pathOf(request),
    status: res.statusCode,
    durationMs,
    userId: request.user?.id,
  };
}

/** pino-http's settings: the access line and the per-request logger. `destination`: stdout when absent. */
export function httpLoggerOptions(level: string, destination?: DestinationStream) {
  return {
    // The per-request logger binds the id itself, so its root does not add it again.
    logger: createLogger('api', level, { requestId: false, destination }),
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const request = req as LoggedRequest;
      if (request.id) return request.id;
      // Only requests outside /api miss the middleware above; give them an id all the same.
      const id = randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    // pino-http's own req/res serializers would print every header, cookies included.
    serializers: LOG_SERIALIZERS,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customSuccessObject: (req: IncomingMessage, res: ServerResponse, value: { durationMs?: number }) =>
      accessLine(req, res, value.durationMs ?? 0),
    customErrorObject: (req: IncomingMessage, res: ServerResponse, _error: Error, value: { durationMs?: number }) =>
      accessLine(req, res, value.durationMs ?? 0),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customLogLevel: (req: IncomingMessage, res: ServerResponse) =>
      res.statusCode >= 500 ? 'error' : pathOf(req as LoggedRequest) === '/api/health' ? 'debug' : 'info',
  } satisfies Options;
}

/** nestjs-pino: Nest's logger and the access log through pino, at LOG_LEVEL (`silent` in tests). */
export const RequestLoggingModule = LoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({ pinoHttp: httpLoggerOptions(config.LOG_LEVEL) }),
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
export function nestLogger(logger: Logger): LoggerService {
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
