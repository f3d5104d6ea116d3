import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** One step of the chain: its handler, and whether it runs for /api requests only. */
export interface ChainStep {
  handler: RequestHandler;
  apiOnly?: boolean;
}

/**
 * Whether the path is the api's (`/api` or below), as Express matches `app.use('/api', ...)`: at a segment
 * boundary and regardless of case (Express's default, and Nest's routes match so too).
 */
export function isApiPath(path: string): boolean {
  return path.length >= 4 && path.slice(0, 4).toLowerCase() === '/api' && (path.length === 4 || path[4] === '/');
}

/**
 * The middleware every request passes before its route, as one Express layer. Mounted one by one (eleven
 * layers, most at '/api'), Express's router matched each layer's path, cut the mount path off req.url and
 * put it back, and scheduled the next layer, for every request: ~10% of the api's CPU on a profile read
 * (docs/performance.md). Here the chain runs in order with one path check; a step that answers stops it
 * (it does not call next), and an error, thrown, passed to next or a rejected promise, goes to Express as
 * before. The steps read req.originalUrl or req.path of the whole URL, never the mount-relative req.url.
 */
export function middlewareChain(steps: readonly ChainStep[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    const api = isApiPath(req.path);
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) return done(error);
      while (index < steps.length) {
        const step = steps[index++];
        if (!step || (step.apiOnly && !api)) continue;
        try {
          const result: unknown = step.handler(req, res, next);
          // Express 5 passes a rejected promise of a handler to next, as it does a thrown error.
          if (result instanceof Promise) result.catch(next);
        } catch (thrown) {
          next(thrown);
        }
        return;
      }
      done();
    };
    next();
  };
}
