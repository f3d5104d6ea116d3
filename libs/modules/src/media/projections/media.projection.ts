import type { EventOfType } from '@app/contracts';
import {
  defineProjection,
  defineRowTable,
  handleAroundErasures,
  insertRows,
  RowBatch,
  tailOf,
  type StoredEvent,
} from '@app/event-store';
import type { Queryable } from '@app/platform';
import { MEDIA_PROJECTION } from '../media-names.js';

type MediaReadEvent = EventOfType<
  | 'MediaUploadStarted'
  | 'MediaUploadVerified'
  | 'MediaUploadRejected'
  | 'FanMessagePosted'
  | 'ProfileImageSet'
  | 'MediaExpired'
  | 'MemberErased'
>;

/** A row of media_objects as stored (migration 1). */
interface MediaObjectRow {
  media_id: string;
  user_id: string;
  kind: string;
  status: string;
  upload_key: string;
  key: string | null;
  poster_key: string | null;
  content_type: string | null;
  size: number | null;
  filename: string;
  shared: boolean;
  created_at: Date | string;
}

const MEDIA_OBJECTS = defineRowTable<MediaObjectRow>({
  name: 'media_objects',
  key: 'media_id',
  columns: [
    'media_id',
    'user_id',
    'kind',
    'status',
    'upload_key',
    'key',
    'poster_key',
    'content_type',
    'size',
    'filename',
    'shared',
    'created_at',
  ],
});

interface FanMessageRow {
  id: string;
  artist_id: string;
  user_id: string;
  media_id: string;
  message: string;
  is_public: boolean;
  payola_earned: number;
  created_at: Date;
  position: number;
  sender_fan_number: number | null;
}

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
    'MemberErased',
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
    {
      version: 2,
      description: "a fan message's sender as cards name members ('Fan #n')",
      sql: 'alter table fan_messages add column sender_fan_number integer;',
    },
  ],
  handle: (events, db) =>
    handleAroundErasures(
      events,
      (run) => handleMedia(run, db),
      // An erased member's messages and objects go (their files are deleted from storage by mediaErasure).
      async (userId) => {
        await db.query('delete from fan_messages where user_id = $1', [userId]);
        await db.query('delete from media_objects where user_id = $1', [userId]);
      },
    ),
});

async function handleMedia(
  events: readonly StoredEvent<Exclude<MediaReadEvent, { type: 'MemberErased' }>>[],
  db: Queryable,
) {
  const objects = await RowBatch.load(
    db,
    MEDIA_OBJECTS,
    events.map((event) => event.data.mediaId),
  );
  const messages: FanMessageRow[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'MediaUploadStarted':
        objects.insertIfMissing({
          media_id: event.data.mediaId,
          user_id: event.data.userId,
          kind: event.data.kind,
          status: 'pending',
          upload_key: event.data.uploadKey,
          key: null,
          poster_key: null,
          content_type: null,
          size: null,
          filename: event.data.filename,
          shared: false,
          created_at: event.recordedAt,
        });
        break;
      case 'MediaUploadVerified': {
        const { key, contentType, size, posterKey } = event.data;
        objects.update(event.data.mediaId, (media) => {
          media.status = 'ready';
          media.key = key;
          media.content_type = contentType;
          media.size = size;
          media.poster_key = posterKey;
        });
        break;
      }
      case 'MediaUploadRejected':
        objects.update(event.data.mediaId, (media) => (media.status = 'rejected'));
        break;
      case 'FanMessagePosted':
        objects.update(event.data.mediaId, (media) => {
          media.status = 'attached';
          media.shared = event.data.isPublic;
        });
        messages.push({
          id: event.data.fanMessageId,
          artist_id: event.data.artistId,
          user_id: event.data.userId,
          media_id: event.data.mediaId,
          message: event.data.message,
          is_public: event.data.isPublic,
          payola_earned: event.data.payolaEarned,
          created_at: event.recordedAt,
          position: event.globalPosition,
          sender_fan_number: event.data.senderFanNumber ?? null,
        });
        break;
      case 'ProfileImageSet':
        objects.update(event.data.mediaId, (media) => {
          media.status = 'attached';
          media.shared = true;
        });
        break;
      case 'MediaExpired':
        objects.update(event.data.mediaId, (media) => (media.status = 'expired'));
        break;
    }
  }
  // The batch's tail: both writes go together, and the COMMIT behind them (BatchTail).
  return tailOf([objects.write(db), insertRows(db, 'fan_messages', messages, { ifMissing: { key: 'id' } })]);
}
