import type { NextFunction, Request, Response } from 'express';
import { READ_MODELS_PENDING_HEADER } from '@app/contracts';
import { readModelLag } from '@app/event-store';

/**
 * When a write's bounded wait for its read models runs out, its answer (still 2xx: the write is
 * durable) names them in `X-Read-Models-Pending`, and the web app refreshes what it shows until they
 * catch up instead of taking a stale screen as final. The wait ends before the handler answers, so
 * the header is set before the answer's headers go out.
 */
export function readModelLagHeader() {
  return (_req: Request, res: Response, next: NextFunction) =>
    readModelLag.track((behind) => {
      if (!res.headersSent) res.setHeader(READ_MODELS_PENDING_HEADER, behind.join(', '));
    }, next);
}
