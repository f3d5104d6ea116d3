import type { Server } from 'node:http';
import { Controller, Get, Head, Module, Param, Post, Req, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import supertest from 'supertest';
import { RouteTreeAdapter } from './route-tree-adapter.js';

/** What a route saw: its handler, its parameters and the template Express-minded code reads (req.route). */
const seen = (handler: string, req: Request) => ({
  handler,
  params: { ...req.params },
  route: (req as { route?: { path?: string } }).route?.path,
});

/** The slow route answers when the test lets it. */
let letSlowAnswer: () => void = () => undefined;

@Controller('artists')
class ArtistsController {
  @Get('slow')
  async slow() {
    await new Promise<void>((resolve) => (letSlowAnswer = resolve));
    return { slow: true };
  }
  @Get('broken')
  broken(): never {
    throw new Error('a handler that fails');
  }
  @Get()
  all(@Req() req: Request) {
    return seen('all', req);
  }
  @Get(':id')
  profile(@Param('id') id: string, @Req() req: Request) {
    return { ...seen('profile', req), id };
  }
  // Declared after ':id': a route list matched in order would give 'counts' to the profile.
  @Get('counts')
  counts(@Req() req: Request) {
    return seen('counts', req);
  }
  @Post(':id/vote')
  vote(@Req() req: Request) {
    return seen('vote', req);
  }
  @Get(':artistId/verification/:userId')
  verification(@Req() req: Request) {
    return seen('verification', req);
  }
  @Head('ping')
  ping() {
    return '';
  }
}

@Module({ controllers: [ArtistsController] })
class RoutesModule {}

describe('the route tree adapter', () => {
  let app: INestApplication;
  let before: string[];
  const adapter = new RouteTreeAdapter();
  const { handlers } = adapter;

  beforeAll(async () => {
    const nest = await NestFactory.create<NestExpressApplication>(RoutesModule, adapter, {
      logger: false,
    });
    before = [];
    // Middleware registered before the routes still runs before them, as with Express's route list.
    nest.use((req: Request, _res: unknown, next: () => void) => {
      before.push(req.path);
      next();
    });
    nest.setGlobalPrefix('api');
    app = await nest.init();
  });

  afterAll(() => app.close());

  const http = () => supertest(app.getHttpServer());

  it('finds each route by its path, fixed segments before parameters whatever the order declared', async () => {
    expect((await http().get('/api/artists').expect(200)).body).toEqual({
      handler: 'all',
      params: {},
      route: '/api/artists',
    });
    expect((await http().get('/api/artists/counts').expect(200)).body.handler).toBe('counts');
    expect((await http().get('/api/artists/a1b2').expect(200)).body).toEqual({
      handler: 'profile',
      params: { id: 'a1b2' },
      route: '/api/artists/:id',
      id: 'a1b2',
    });
    expect((await http().post('/api/artists/a1b2/vote').expect(201)).body).toMatchObject({
      handler: 'vote',
      route: '/api/artists/:id/vote',
    });
    expect((await http().get('/api/artists/x/verification/Y').expect(200)).body.params).toEqual({
      artistId: 'x',
      userId: 'Y',
    });
    expect(before).toContain('/api/artists/a1b2');
  });

  it("matches as Express's defaults did: any case, a trailing slash, a query, decoded and long parameters", async () => {
    expect((await http().get('/API/Artists/Counts').expect(200)).body.handler).toBe('counts');
    expect((await http().get('/api/artists/').expect(200)).body.handler).toBe('all');
    expect((await http().get('/api/artists/AbC?userId=1').expect(200)).body.id).toBe('AbC');
    expect((await http().get('/api/artists/a%20b').expect(200)).body.id).toBe('a b');
    const long = 'x'.repeat(500);
    expect((await http().get(`/api/artists/${long}`).expect(200)).body.id).toBe(long);
  });

  it('answers HEAD from the GET route, and its own HEAD route first', async () => {
    const head = await http().head('/api/artists/a1b2').expect(200);
    expect(head.headers['content-type']).toMatch(/application\/json/);
    await http().head('/api/artists/ping').expect(200);
  });

  it('passes what no route takes to Nest: an unknown path or method is a 404 from its not-found handler', async () => {
    const unknown = await http().get('/api/nothing-here').expect(404);
    expect(unknown.body).toMatchObject({ statusCode: 404 });
    await http().delete('/api/artists/a1b2').expect(404);
    await http().get('/api/artists/a1b2/vote').expect(404);
  });

  it('leaves OPTIONS to the not-found handler, as Nest on Express did (the api answers no CORS preflight)', async () => {
    await http().options('/api/artists/a1b2').expect(404);
  });

  it("makes requests and responses with Express's prototypes, so Express has no shape to change", async () => {
    const express = app.getHttpAdapter().getInstance<{ request: object; response: object }>();
    const made: boolean[] = [];
    // Runs before Express's own listener: the objects as the server made them.
    const server = app.getHttpServer() as Server;
    const look = (req: object, res: object) =>
      made.push(Object.getPrototypeOf(req) === express.request && Object.getPrototypeOf(res) === express.response);
    server.prependListener('request', look);
    try {
      expect((await http().get('/api/artists/a1b2').expect(200)).body.id).toBe('a1b2');
      await http().post('/api/artists/a1b2/vote').send({ up: true }).expect(201);
    } finally {
      server.off('request', look);
    }
    expect(made).toEqual([true, true]);
  });

  it('counts a route as running from its start until its answer is done, and a failed one until it failed', async () => {
    const answer = http()
      .get('/api/artists/slow')
      .then((response) => response.body as unknown);
    for (let tries = 0; handlers.count === 0 && tries < 500; tries++) await new Promise((r) => setTimeout(r, 2));
    expect(handlers.count).toBe(1);
    letSlowAnswer();
    expect(await answer).toEqual({ slow: true });
    expect(handlers.count).toBe(0);

    await http().get('/api/artists/broken').expect(500);
    expect(handlers.count).toBe(0);
  });
});
