import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import nodePath from 'node:path';
// @ts-expect-error plain ESM helper shared with the launcher, no type declarations
import * as launcherBundle from '../../../deploy/local/bundle-api.mjs';
import { REPO_ROOT, sleep } from './bench-util.js';

/** Issue 23: the api answers within this long of its start, so a crash costs seconds. */
export const API_READY_TARGET_SECONDS = 3;

export interface ApiReadyResult {
  /** Each start's time from spawn to GET /api/health answering 200, in seconds. */
  seconds: number[];
  medianSeconds: number;
  /** The bundled api (what `npm start` runs), or api/dist/main.js when the bundle could not be built. */
  bundled: boolean;
}

/** The launcher's bundle helpers (deploy/local/bundle-api.mjs), typed. */
const bundle = launcherBundle as {
  apiBundleFresh(root: string): boolean;
  apiBundlePath(root: string): string;
  bundleApi(root: string): Promise<void>;
};

async function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the api as `npm start` does (deploy/local/start.mjs: the rolldown bundle, rebuilt here when older than
 * the build, with V8's compile cache in .data/compile-cache) `runs` times on the bench's database, and times
 * each from spawn to GET /api/health 200 (PostgreSQL and Redis reachable), as the launcher's
 * `[start] api ready in` line does. The first start fills the compile cache, as the first `npm start` does.
 */
export async function apiReadyBench(databaseUrl: string, redisUrl: string, runs: number): Promise<ApiReadyResult> {
  if (!bundle.apiBundleFresh(REPO_ROOT)) await bundle.bundleApi(REPO_ROOT);
  const bundled = bundle.apiBundleFresh(REPO_ROOT);
  const main = bundled ? bundle.apiBundlePath(REPO_ROOT) : nodePath.join(REPO_ROOT, 'api/dist/main.js');
  const seconds: number[] = [];
  for (let run = 0; run < runs; run++) {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        QUEUE_PREFIX: `bench-ready-${process.pid}`,
        SESSION_SECRET: `bench-session-secret-${randomUUID()}`,
        PUBLIC_URL: baseUrl,
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || nodePath.join(REPO_ROOT, '.data/compile-cache'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the api exited with code ${child.exitCode} while starting`);
        if (performance.now() - started > 60_000) throw new Error('the api did not answer /api/health within 60 s');
        const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (response) => response.status === 200,
          () => false,
        );
        if (ok) break;
        await sleep(25);
      }
      seconds.push((performance.now() - started) / 1000);
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  return { seconds, medianSeconds: sorted[Math.floor(sorted.length / 2)] ?? 0, bundled };
}
