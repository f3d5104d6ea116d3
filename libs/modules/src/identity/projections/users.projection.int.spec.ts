import { mediaPath, type EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
import type { Queryable } from '@app/platform';
import {
  createTestDatabase,
  projectedRows,
  rowsDeliveredTwice,
  type ListedEvent,
  seededRandom,
  storedEvents,
  type TestDatabase,
} from '@app/testing';
import { usersProjection } from './users.projection.js';

type UserEvent = EventOfType<
  'AccountCreated' | 'ProfileUpdated' | 'EmailChanged' | 'UsernameChanged' | 'SettingsChanged' | 'ProfileImageSet'
>;

/**
 * The reference: the projection as it was before it became set-based (a statement per event), kept
 * verbatim so the set-based one is held to exactly its rows.
 */
const perEventReference = defineProjection<UserEvent>({
  ...usersProjection,
  async handle(events, db) {
    const update = (userId: string, assignments: string, values: unknown[]) =>
      db.query(`update identity_users set ${assignments} where id = $1`, [userId, ...values]);
    for (const event of events) {
      switch (event.type) {
        case 'AccountCreated': {
          const data = event.data;
          await db.query(
            `insert into identity_users (id, email, first_name, last_name, role, zip_code, created_at)
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
            [data.userId, data.email, data.firstName, data.lastName, data.role, data.zipCode, event.recordedAt],
          );
          break;
        }
        case 'ProfileUpdated': {
          const { userId, firstName, lastName, phone, genres } = event.data;
          const columns: [string, unknown][] = [
            ['first_name', firstName],
            ['last_name', lastName],
            ['phone', phone],
            ['genres', genres && JSON.stringify(genres)],
          ];
          const set = columns.filter(([, value]) => value !== undefined);
          await update(
            userId,
            set.map(([column], index) => `${column} = $${index + 2}`).join(', '),
            set.map(([, value]) => value),
          );
          break;
        }
        case 'EmailChanged':
          await update(event.data.userId, 'email = $2', [event.data.email]);
          break;
        case 'UsernameChanged':
          await update(event.data.userId, 'username = $2', [event.data.username]);
          break;
        case 'SettingsChanged':
          await update(
            event.data.userId,
            'privacy_settings = privacy_settings || $2::jsonb, notification_settings = notification_settings || $3::jsonb',
            [JSON.stringify(event.data.privacySettings ?? {}), JSON.stringify(event.data.notificationSettings ?? {})],
          );
          break;
        case 'ProfileImageSet':
          await update(event.data.userId, 'profile_image_url = $2', [mediaPath(event.data.mediaId)]);
          break;
      }
    }
  },
});

/**
 * A sequence over a few users, so a batch holds many events per user: accounts created twice, changes
 * before the account exists (applied to nothing), settings merged over earlier settings, the same
 * change repeated.
 */
function userEvents(count: number, seed: number): ListedEvent<UserEvent>[] {
  const random = seededRandom(seed);
  const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
  const toggles = ['showEmail', 'showPhone', 'news', 'votes'];
  const someToggles = () =>
    Object.fromEntries(toggles.filter(() => random.int(3) === 0).map((name) => [name, random.int(2) === 0]));
  const events: ListedEvent<UserEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = random.pick(users);
    const streamId = `user-${userId}`;
    const n = random.int(6);
    switch (random.int(8)) {
      case 0:
      case 1: {
        const role = random.pick(['fan', 'artist', 'venue'] as const);
        events.push({
          streamId,
          type: 'AccountCreated',
          data: {
            userId,
            email: `${userId}+${i}@x.org`,
            firstName: `F${i}`,
            lastName: `L${i}`,
            role,
            zipCode: `0${n}`,
            passwordHash: 'h',
          },
        });
        break;
      }
      case 2: {
        const data: UserEvent['data'] & { userId: string } = { userId };
        const profile = data as EventOfType<'ProfileUpdated'>['data'];
        if (n % 2 === 0) profile.firstName = `First ${i}`;
        if (n % 3 === 0) profile.lastName = `Last ${i}`;
        if (n === 1) profile.phone = null;
        if (n === 5 || n === 0) profile.phone = `555-${i}`;
        if (n >= 3) profile.genres = i % 4 === 0 ? [] : ['rock', `g${i}`];
        if (Object.keys(profile).length === 1) profile.firstName = `Only ${i}`;
        events.push({ streamId, type: 'ProfileUpdated', data: profile });
        break;
      }
      case 3:
        events.push({ streamId, type: 'EmailChanged', data: { userId, email: `new${i}@x.org`, previousEmail: 'old' } });
        break;
      case 4:
        events.push({
          streamId,
          type: 'UsernameChanged',
          data: { userId, username: `name${i}`, previousUsername: null },
        });
        break;
      case 5:
      case 6: {
        const privacySettings = n === 0 ? undefined : someToggles();
        const notificationSettings = n === 1 ? undefined : someToggles();
        events.push({ streamId, type: 'SettingsChanged', data: { userId, privacySettings, notificationSettings } });
        break;
      }
      default:
        events.push({ streamId: `media-m${i}`, type: 'ProfileImageSet', data: { userId, mediaId: `m${i}` } });
    }
  }
  return events;
}

describe('identity-users projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event rows for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(userEvents(400, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    // The sequence must exercise the folds it claims to: accounts with changed fields and merged settings.
    const users = (expected.identity_users ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(users).toHaveLength(5);
    expect(users.filter((u) => u.username !== null && u.profile_image_url !== null).length).toBeGreaterThan(2);
    expect(users.some((u) => Object.keys(u.privacy_settings as object).length > 1)).toBe(true);
    for (const batchSize of [1, 7, 1000]) {
      expect(await projectedRows(db.pool, usersProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('applies a batch over rows an earlier batch stored (the load sees them)', async () => {
    const events = storedEvents(userEvents(300, 3));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    expect(await projectedRows(db.pool, usersProjection, events, 61)).toEqual(expected);
  });

  it('the reference differs from a fold that drops a rule (the comparison can fail)', async () => {
    const events = storedEvents(userEvents(200, 4));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    const withoutMerge = defineProjection<UserEvent>({
      ...usersProjection,
      handle: (batch, client: Queryable) =>
        usersProjection.handle(
          batch.filter((event) => event.type !== 'SettingsChanged'),
          client,
        ),
    });
    expect(await projectedRows(db.pool, withoutMerge, events, 7)).not.toEqual(expected);
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(userEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, usersProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
