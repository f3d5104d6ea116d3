import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import { MEDIA_PROJECTION } from '../media-names.js';

type MediaReadEvent = EventOfType<
  | 'MediaUploadStarted'
  | 'MediaUploadVerified'
  | 'MediaUploadRejected'
  | 'FanMessagePosted'
  | 'ProfileImageSet'
  | 'MediaExpired'
>;

/**
 * Media objects (who uploaded what, its state, whether it is attached and shared) and fan messages.
 * The cleanup job finds unattached objects here; downloads and the artist profile read it.
 */
export const mediaProjection = defineProjection<MediaReadEvent>({
  kind: 'projection',
  name: MEDIA_PROJECTION,
  eventTypes: [
    'MediaUploadStarted',
    'MediaUploadVerified',
    'MediaUploadRejected',
    'FanMessagePosted',
    'ProfileImageSet',
    'MediaExpired',
  ],
  tables: ['media_objects', 'fan_messages'],
  migrations: [
    {
      version: 1,
      description: 'media objects and fan messages',
      sql: `create table media_objects (
              media_id text primary key,
              user_id text not null,
              kind text not null,
              status text not null,
              upload_key text not null,
              key text,
              poster_key text,
              content_type text,
              size bigint,
              filename text not null,
              -- who else may read it: a public fan message, a profile photo
              shared boolean not null default false,
              created_at timestamptz not null
            );
            create index media_objects_unattached on media_objects (created_at) where status in ('pending', 'ready');
            create table fan_messages (
              id text primary key,
              artist_id text not null,
              user_id text not null,
              media_id text not null,
              message text not null,
              is_public boolean not null,
              payola_earned integer not null,
              created_at timestamptz not null,
              position bigint not null
            );
            create index fan_messages_by_artist on fan_messages (artist_id, position desc);`,
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      switch (event.type) {
        case 'MediaUploadStarted':
          await db.query(
            `insert into media_objects (media_id, user_id, kind, status, upload_key, filename, created_at)
             values ($1, $2, $3, 'pending', $4, $5, $6) on conflict (media_id) do nothing`,
            [
              event.data.mediaId,
              event.data.userId,
              event.data.kind,
              event.data.uploadKey,
              event.data.filename,
              event.recordedAt,
            ],
          );
          break;
        case 'MediaUploadVerified':
          await db.query(
            `update media_objects set status = 'ready', key = $2, content_type = $3, size = $4, poster_key = $5
             where media_id = $1`,
            [event.data.mediaId, event.data.key, event.data.contentType, event.data.size, event.data.posterKey],
          );
          break;
        case 'MediaUploadRejected':
          await db.query(`update media_objects set status = 'rejected' where media_id = $1`, [event.data.mediaId]);
          break;
        case 'FanMessagePosted':
          await db.query(`update media_objects set status = 'attached', shared = $2 where media_id = $1`, [
            event.data.mediaId,
            event.data.isPublic,
          ]);
          await db.query(
            `insert into fan_messages (id, artist_id, user_id, media_id, message, is_public, payola_earned, created_at, position)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
            [
              event.data.fanMessageId,
              event.data.artistId,
              event.data.userId,
              event.data.mediaId,
              event.data.message,
              event.data.isPublic,
              event.data.payolaEarned,
              event.recordedAt,
              event.globalPosition,
            ],
          );
          break;
        case 'ProfileImageSet':
          await db.query(`update media_objects set status = 'attached', shared = true where media_id = $1`, [
            event.data.mediaId,
          ]);
          break;
        case 'MediaExpired':
          await db.query(`update media_objects set status = 'expired' where media_id = $1`, [event.data.mediaId]);
          break;
      }
    }
  },
});
