import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import {
  createTestDatabase,
  projectedRows,
  rowsDeliveredTwice,
  type ListedEvent,
  seededRandom,
  storedEvents,
  type TestDatabase,
} from '@app/testing';
import { mediaProjection } from './media.projection.js';

type MediaEvent = EventOfType<
  | 'MediaUploadStarted'
  | 'MediaUploadVerified'
  | 'MediaUploadRejected'
  | 'FanMessagePosted'
  | 'ProfileImageSet'
  | 'MediaExpired'
>;

/**
 * The reference: the projection as it was before it became set-based (a statement per event), kept
 * verbatim so the set-based one is held to exactly its rows.
 */
const perEventReference = defineProjection<MediaEvent>({
  ...mediaProjection,
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
            `insert into fan_messages (id, artist_id, user_id, media_id, message, is_public, payola_earned, created_at, position,
                                       sender_fan_number)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing`,
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
              event.data.senderFanNumber ?? null,
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

/**
 * A few media objects, many events each: uploads started twice (the first wins), changes before the
 * upload exists (applied to nothing), a fan message posted twice under one id (the first wins).
 */
function mediaEvents(count: number, seed: number): ListedEvent<MediaEvent>[] {
  const random = seededRandom(seed);
  const media = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
  const events: ListedEvent<MediaEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const mediaId = random.pick(media);
    const userId = random.pick(['u1', 'u2']);
    const streamId = `media-${mediaId}`;
    switch (random.int(7)) {
      case 0:
      case 1:
        events.push({
          streamId,
          type: 'MediaUploadStarted',
          data: {
            mediaId,
            userId,
            kind: random.pick(['image', 'video', 'audio'] as const),
            uploadKey: `uploads/${mediaId}/${i}`,
            filename: `f${i}.jpg`,
            declaredType: 'image/jpeg',
            declaredSize: i,
          },
        });
        break;
      case 2:
        events.push({
          streamId,
          type: 'MediaUploadVerified',
          data: {
            mediaId,
            key: `media/${mediaId}/${i}`,
            contentType: 'image/webp',
            size: 1000 + i,
            posterKey: i % 2 ? null : `p${i}`,
          },
        });
        break;
      case 3:
        events.push({ streamId, type: 'MediaUploadRejected', data: { mediaId, reason: 'bad' } });
        break;
      case 4:
        events.push({
          streamId,
          type: 'FanMessagePosted',
          data: {
            fanMessageId: `fm${random.int(12)}`,
            mediaId,
            artistId: random.pick(['a1', 'a2']),
            userId,
            message: `hello ${i}`,
            isPublic: random.int(2) === 0,
            payolaEarned: random.pick([0, 25]),
            // Messages from before the sender was recorded have none.
            ...(random.int(3) === 0 ? {} : { senderFanNumber: random.pick([null, 7, 42]) }),
          },
        });
        break;
      case 5:
        events.push({ streamId, type: 'ProfileImageSet', data: { mediaId, userId } });
        break;
      default:
        events.push({ streamId, type: 'MediaExpired', data: { mediaId } });
    }
  }
  return events;
}

describe('media projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event rows for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(mediaEvents(400, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    expect(expected.media_objects).toHaveLength(7);
    expect((expected.fan_messages ?? []).length).toBeGreaterThan(8);
    for (const batchSize of [1, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, mediaProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(mediaEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, mediaProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
