import { EventSourcedRepository, ProjectionWaiter, type EventStore } from '@app/event-store';
import type { ObjectStorage, Pool } from '@app/platform';
import { decideExpire, mediaFold } from '../domain/media-object.js';
import { mediaStreamId, UNATTACHED_MEDIA_TTL_MS } from '../media-names.js';

export const MEDIA_CLEANUP_QUEUE = 'media-schedule';
export const MEDIA_CLEANUP_JOB = 'cleanup-unattached-media';
/** Hourly: an object is deleted between 24 and 25 hours after its upload was signed. */
export const MEDIA_CLEANUP_SCHEDULE = { id: 'media-cleanup', pattern: '0 7 * * * *', tz: 'UTC' } as const;

export interface CleanupResult {
  /** Media objects never attached to anything, now expired and deleted. */
  expired: number;
  /** Stray objects under `uploads/` (never checked, or left by a failed delete), deleted. */
  swept: number;
}

/**
 * Deletes what was uploaded but never attached within 24 hours: first each unattached media object
 * (recorded as MediaExpired, so a fan message attaching it at the same moment either wins or is
 * refused, never left pointing at nothing), then any object still under `uploads/` after a day:
 * checked uploads are moved out of there, so what remains is never used. Safe to run any number of
 * times, and concurrently.
 */
export async function cleanupUnattachedMedia(
  pool: Pool,
  store: EventStore,
  storage: ObjectStorage,
  now = new Date(),
): Promise<CleanupResult> {
  const repository = new EventSourcedRepository(pool, store, new ProjectionWaiter(pool));
  const cutoff = new Date(now.getTime() - UNATTACHED_MEDIA_TTL_MS);
  const { rows } = await pool.query<{
    media_id: string;
    upload_key: string;
    key: string | null;
    poster_key: string | null;
  }>(
    `select media_id, upload_key, key, poster_key from media_objects
     where status in ('pending', 'ready') and created_at < $1 order by created_at`,
    [cutoff],
  );
  let expired = 0;
  for (const row of rows) {
    const { appended } = await repository.execute(
      mediaStreamId(row.media_id),
      mediaFold,
      (state) => ({ events: decideExpire(state, row.media_id), result: null }),
      { metadata: { causationId: `media-cleanup:${row.media_id}` } },
    );
    if (!appended) continue;
    for (const key of [row.upload_key, row.key, row.poster_key]) if (key) await storage.remove(key);
    expired += 1;
  }
  let swept = 0;
  for await (const object of storage.list('uploads/')) {
    if (object.lastModified < cutoff) {
      await storage.remove(object.key);
      swept += 1;
    }
  }
  return { expired, swept };
}
