// Starts the whole product (api, worker, built web app) on a fresh database of its own, exactly as
// `npm start` runs it, and points the tests at it. With E2E_BASE_URL set, tests use that server instead.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  adminQuery,
  databaseUrl,
  findOrStartTestPostgres,
  findOrStartTestRedis,
  freePort,
  // @ts-expect-error plain ESM helper shared with the launcher, no type declarations
} from '../../../deploy/local/services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function waitForHealth(url: string, timeoutMs: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('The product exited during start-up (see its output above)');
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The product did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) return;

  const server = await findOrStartTestPostgres(repoRoot);
  const database = `e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await adminQuery(server.url, `create database ${database}`);
  const redis = await findOrStartTestRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
    dataDir: path.join(repoRoot, '.data/test-redis'),
  });
  const port = await freePort();
  // The launcher starts a local S3 server (s3rver) of this run's own unless S3_ENDPOINT names one.
  const s3Dir = path.join(repoRoot, '.data', `${database}-s3`);
  const env = {
    ...process.env,
    REDIS_URL: redis.url,
    DATABASE_URL: databaseUrl(server.url, database),
    PORT: String(port),
    WORKER_HEALTH_PORT: String(await freePort()),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    QUEUE_PREFIX: database,
    LOCAL_S3_PORT: String(await freePort()),
    LOCAL_S3_DIR: s3Dir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test signs up its own accounts, all from 127.0.0.1: the per-address limits would stop the
    // suite long before a person could notice them (the limits themselves are tested in the api tier).
    RATE_LIMIT_FACTOR: '20',
    // Small Listener milestone thresholds (the launcher runs in development, which allows them): a couple
    // of verified fans and one verified artist open the Listener membership (web/e2e/listener.e2e.spec.ts).
    MILESTONE_LISTENER_FANS: '2',
    MILESTONE_LISTENER_ARTISTS: '1',
  };
  const product = spawn(process.execPath, [path.join(repoRoot, 'deploy/local/start.mjs')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  product.once('exit', () => (exited = true));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, 120_000, () => exited);
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_S3_ENDPOINT = process.env.S3_ENDPOINT || `http://127.0.0.1:${env.LOCAL_S3_PORT}`;
  process.env.E2E_S3_DIR = s3Dir;

  return async () => {
    if (!exited) {
      const stopped = new Promise((resolve) => product.once('exit', resolve));
      product.kill('SIGTERM');
      await stopped;
    }
    await adminQuery(server.url, `drop database if exists ${database} with (force)`);
    await server.stop?.();
    await redis.stop?.();
    await rm(s3Dir, { recursive: true, force: true });
  };
}
