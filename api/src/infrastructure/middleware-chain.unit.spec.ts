import express, { type NextFunction, type Request, type Response } from 'express';
import supertest from 'supertest';
import { isApiPath, middlewareChain } from './middleware-chain.js';

/** A step that records its name and passes on. */
const mark =
  (name: string, seen: string[]) =>
  (_req: Request, _res: Response, next: NextFunction): void => {
    seen.push(name);
    next();
  };

describe('the middleware chain', () => {
  it('matches /api as Express mounts it: at a segment boundary, in any case', () => {
    for (const path of ['/api', '/api/', '/api/artists/1', '/API/artists', '/Api']) expect(isApiPath(path)).toBe(true);
    for (const path of ['/', '/apis', '/api-docs', '/apiary/x', '/assets/api/x', '/ap']) {
      expect(isApiPath(path)).toBe(false);
    }
  });

  it('runs the steps in order, the api-only ones for /api paths only, then the routes', async () => {
    const seen: string[] = [];
    const app = express().use(
      middlewareChain([
        { handler: mark('ids', seen), apiOnly: true },
        { handler: mark('headers', seen) },
        { handler: mark('session', seen), apiOnly: true },
      ]),
    );
    app.get('/{*rest}', (req, res) => {
      seen.push(`route ${req.path}`);
      res.send('ok');
    });
    await supertest(app).get('/api/artists').expect(200);
    await supertest(app).get('/index.html').expect(200);
    expect(seen).toEqual(['ids', 'headers', 'session', 'route /api/artists', 'headers', 'route /index.html']);
  });

  it('stops at a step that answers', async () => {
    const seen: string[] = [];
    const app = express().use(
      middlewareChain([
        { handler: mark('first', seen) },
        { handler: (_req, res) => void res.status(403).json({ refused: true }) },
        { handler: mark('after', seen) },
      ]),
    );
    app.get('/api/x', (_req, res) => void res.send('route'));
    const response = await supertest(app).get('/api/x').expect(403);
    expect(response.body).toEqual({ refused: true });
    expect(seen).toEqual(['first']);
  });

  it.each([
    ['passed to next', (_req: Request, _res: Response, next: NextFunction) => next(new Error('boom'))],
    [
      'thrown',
      () => {
        throw new Error('boom');
      },
    ],
    ['a rejected promise', () => Promise.reject(new Error('boom'))],
  ])("hands an error %s to Express's error handling, skipping the rest", async (_how, failing) => {
    const seen: string[] = [];
    const app = express().use(middlewareChain([{ handler: failing }, { handler: mark('after', seen) }]));
    app.get('/api/x', (_req, res) => void res.send('route'));
    app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).send(`handled ${error.message}`);
    });
    const response = await supertest(app).get('/api/x').expect(500);
    expect(response.text).toBe('handled boom');
    expect(seen).toEqual([]);
  });

  it('goes on from a step that calls next later (an asynchronous session read)', async () => {
    const seen: string[] = [];
    const app = express().use(
      middlewareChain([
        { handler: (_req, _res, next) => void setTimeout(() => next(), 5) },
        { handler: mark('after', seen), apiOnly: true },
      ]),
    );
    app.get('/api/x', (_req, res) => void res.send('route'));
    await supertest(app).get('/api/x').expect(200, 'route');
    expect(seen).toEqual(['after']);
  });
});
