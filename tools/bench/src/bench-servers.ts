import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './bench-util.js';

/** A server found or started; `stop` only when this run started it. */
interface FoundServer {
  url: string;
  stop?: () => unknown;
}

/** deploy/local/services.mjs, plain JavaScript shared with the launcher and the test runs: its types. */
interface LocalServices {
  findOrStartTestPostgres(repoRoot: string): Promise<FoundServer>;
  findOrStartTestRedis(url: string, options: { dataDir: string }): Promise<FoundServer>;
}

export interface BenchServers {
  postgresUrl: string;
  redisUrl: string;
  /** Stops what this run started (nothing when both were already there). */
  stop(): Promise<void>;
}

/**
 * PostgreSQL and Redis found the way `npm test` finds them, so the smoke runs wherever the tests do:
 * DATABASE_URL's server, else the local one on 127.0.0.1:5432, else a container (Docker engine),
 * else an embedded one; Redis at REDIS_URL (default the local one), else a `redis-server` from the
 * PATH, else a container.
 */
export async function findBenchServers(): Promise<BenchServers> {
  const script = path.join(REPO_ROOT, 'deploy/local/services.mjs');
  const services = (await import(pathToFileURL(script).href)) as LocalServices;
  const postgres = await services.findOrStartTestPostgres(REPO_ROOT);
  let redis: FoundServer;
  try {
    redis = await services.findOrStartTestRedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379', {
      dataDir: path.join(REPO_ROOT, '.data', 'bench-redis'),
    });
  } catch (error) {
    await postgres.stop?.();
    throw error;
  }
  return {
    postgresUrl: postgres.url,
    redisUrl: redis.url,
    async stop() {
      await redis.stop?.();
      await postgres.stop?.();
    },
  };
}
