import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * A Redis connection. Connections that block (BullMQ workers) need maxRetriesPerRequest: null;
 * connections used for enqueueing fail fast instead, so an outage only delays projection.
 */
export function createRedis(url: string, kind: 'blocking' | 'client', options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: kind === 'blocking' ? null : 1,
    enableOfflineQueue: kind === 'blocking',
    lazyConnect: false,
    ...options,
  });
  // ioredis reconnects by itself, and a command that fails rejects to its caller, which reports it (the
  // queues log "queue unavailable"). Without a listener ioredis would also print every failed attempt to
  // stderr as an "Unhandled error event", even for a connection closed while it was still connecting (a
  // test run failed on that print after its tests had passed).
  redis.on('error', () => undefined);
  return redis;
}
