import type { EventOfType } from '@app/contracts';
import { defineReactor, type Reactor } from '@app/event-store';
import type { ObjectStorage, Queryable } from '@app/platform';
import { uploadKeyFor } from '../domain/media-object.js';

export const MEDIA_ERASURE_REACTOR = 'media-erasure';

/**
 * Every object in storage a member's uploads made: the upload itself, the checked file and a video's
 * poster. Found in the log, the source of truth (the media read model may not have caught up, and drops
 * the member's rows on the same erasure); those keys hold no personal data, so they are never sealed.
 */
export async function memberObjectKeys(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ upload_key: string | null; key: string | null; poster_key: string | null }>(
    `select started.data ->> 'uploadKey' as upload_key, verified.data ->> 'key' as key,
            verified.data ->> 'posterKey' as poster_key
     from events started
     left join events verified on verified.stream_id = started.stream_id and verified.type = 'MediaUploadVerified'
     where started.type = 'MediaUploadStarted' and started.data ->> 'userId' = $1`,
    [userId],
  );
  return [...new Set(rows.flatMap((row) => [row.upload_key, row.key, row.poster_key]))].filter((key): key is string =>
    Boolean(key),
  );
}

/**
 * Erasure's storage half: on MemberErased, deletes every object of the member (and anything left under
 * their upload prefix). Safe to run again (deleting what is gone is no error), so a failure (storage down)
 * fails the batch and the runner retries it until the objects are gone.
 */
export function createMediaErasureReactor(storage: ObjectStorage | null): Reactor<EventOfType<'MemberErased'>> {
  return defineReactor<EventOfType<'MemberErased'>>({
    kind: 'reactor',
    name: MEDIA_ERASURE_REACTOR,
    eventTypes: ['MemberErased'],
    async handle(events, db) {
      if (!storage) throw new Error('media-erasure needs object storage');
      for (const event of events) {
        const { userId } = event.data;
        for (const key of await memberObjectKeys(db, userId)) await storage.remove(key);
        const prefix = `${uploadKeyFor(userId, '')}`;
        for await (const object of storage.list(prefix)) await storage.remove(object.key);
      }
    },
  });
}
