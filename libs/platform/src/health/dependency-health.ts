import type { Redis } from 'ioredis';
import type { Queryable } from '../database/pool.js';

export interface DependencyHealth {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
}

async function probe(check: () => Promise<unknown>, timeoutMs = 2000): Promise<DependencyHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

export function checkPostgres(db: Queryable): Promise<DependencyHealth> {
  return probe(() => db.query('select 1'));
}

export function checkRedis(redis: Redis): Promise<DependencyHealth> {
  return probe(() => redis.ping());
}
