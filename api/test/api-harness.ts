import type { NestExpressApplication } from '@nestjs/platform-express';
import { CookieAccessInfo } from 'cookiejar';
import supertest from 'supertest';
import { ConsumerRunner, migrateReadModels, type LogConsumer, type Projection } from '@app/event-store';
import { createLogger, type Pool } from '@app/platform';
import { usersProjection } from '@app/modules/identity';
import { payolaLedgerProjection } from '@app/modules/payola';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/** The api's SESSION_SECRET in tests (the test modes' webhook secrets derive from it). */
export const TEST_SESSION_SECRET = 'api-test-session-secret-at-least-32-chars';

export interface ApiHarness {
  app: NestExpressApplication;
  db: TestDatabase;
  /** A browser-like client: keeps cookies and echoes the CSRF cookie on state-changing calls. */
  client(): Client;
  /** Starts the projections' runners (already running unless startApi was told `{ project: false }`). */
  startProjections(): Promise<void>;
  close(): Promise<void>;
}

export interface Client {
  get(path: string): supertest.Test;
  post(path: string, body?: object): Promise<supertest.Response>;
  patch(path: string, body?: object): Promise<supertest.Response>;
  put(path: string, body?: object): Promise<supertest.Response>;
  /** A POST without the CSRF header, as a cross-site form would send it. */
  postWithoutCsrf(path: string, body?: object): supertest.Test;
}

/**
 * The real api application, in-process, on a fresh database, with the given projections kept up to
 * date by runners that poll quickly (the worker's job in production).
 */
export async function startApi(
  projections: Projection[],
  /** Settings for the api; a function when they depend on its database (a proxy in front of it). */
  env: Record<string, string> | ((db: TestDatabase) => Record<string, string>) = {},
  reactors: (pool: Pool) => LogConsumer[] = () => [],
  /** `project: false`: the read models exist but nothing fills them yet, as with the worker down. */
  { project = true }: { project?: boolean } = {},
): Promise<ApiHarness> {
  const db = await createTestDatabase();
  // A queue prefix of its own: jobs and rate-limit counters don't leak between test files.
  const queuePrefix = `${process.env.TEST_RUN_ID ?? 'test'}-${Math.random().toString(36).slice(2, 8)}`;
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    SERVE_WEB: 'false',
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: queuePrefix,
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...(typeof env === 'function' ? env(db) : env),
  });
  const { createApiApp } = await import('../src/create-api-app.js');
  const app = await createApiApp();
  await app.init();
  const runners = [...projections, ...reactors(db.pool)].map(
    (consumer) =>
      new ConsumerRunner(db.pool, consumer, {
        databaseUrl: db.url,
        batchSize: 100,
        pollIntervalMs: 20,
        logger: createLogger('test', 'silent'),
      }),
  );
  // The auth check, behind every signed-in answer, reads identity's and Payola's read models: their
  // tables exist as in production even when a test keeps neither up to date.
  await migrateReadModels(db.pool, [...new Set([...projections, usersProjection, payolaLedgerProjection])]);
  let projecting = false;
  const startProjections = async () => {
    if (projecting) return;
    projecting = true;
    for (const runner of runners) await runner.start();
  };
  if (project) await startProjections();

  const server = app.getHttpServer();
  return {
    app,
    db,
    client() {
      const agent = supertest.agent(server);
      // The token is read from the agent's cookie jar, as the web app reads it from its cookie: the api
      // sends the cookie only when the token is new to it or no longer valid (after signing in or out).
      const csrfToken = async (): Promise<string> => {
        await agent.get('/api/auth/check');
        return decodeURIComponent(agent.jar.getCookie('XSRF-TOKEN', CookieAccessInfo.All)?.value ?? '');
      };
      return {
        get: (path) => agent.get(path),
        post: async (path, body = {}) => {
          // The token first: the agent attaches its cookies when the request is created.
          const token = await csrfToken();
          return agent.post(path).set('X-XSRF-TOKEN', token).send(body);
        },
        patch: async (path, body = {}) => {
          const token = await csrfToken();
          return agent.patch(path).set('X-XSRF-TOKEN', token).send(body);
        },
        put: async (path, body = {}) => {
          const token = await csrfToken();
          return agent.put(path).set('X-XSRF-TOKEN', token).send(body);
        },
        postWithoutCsrf: (path, body = {}) => agent.post(path).send(body),
      };
    },
    startProjections,
    async close() {
      await Promise.all(runners.map((r) => r.stop()));
      await app.close();
      await db.close();
    },
  };
}
