import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * A Redis connection. Connections that block (BullMQ workers) need maxRetriesPerRequest: null;
 * connections used for enqueueing fail fast instead, so an outage only delays projection.
 */
export function createRedis(url: string, kind: 'blocking' | 'client', options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: kind === 'blocking' ? null : 1,
    enableOfflineQueue: kind === 'blocking',
    lazyConnect: false,
    ...options,
  });
}
