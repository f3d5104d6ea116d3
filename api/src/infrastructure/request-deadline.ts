import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '@app/platform';
import { answerUnavailable } from './api-exception.filter.js';

/**
 * A bound on every API request: one that has not answered within `timeoutMs` gets a 503 with
 * Retry-After (API_REQUEST_TIMEOUT_MS). It is the backstop for anything that waits without a bound
 * of its own; PostgreSQL's stalls are answered sooner by the pool's connect and statement bounds.
 * The work itself is not interrupted: what it answers later is dropped (the exception filter and
 * Express see headersSent).
 */
export function requestDeadline(timeoutMs: number, logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (timeoutMs <= 0) return next();
    const timer = setTimeout(() => {
      if (response.headersSent) return;
      logger.warn(
        { method: request.method, url: request.originalUrl, timeoutMs },
        'request took too long; answered 503',
      );
      answerUnavailable(response);
    }, timeoutMs);
    response.once('close', () => clearTimeout(timer));
    next();
  };
}
