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
import { milestoneProgressProjection } from './milestone-progress.projection.js';

type ProgressEvent = EventOfType<
  'AccountCreated' | 'KycApproved' | 'ArtistAdded' | 'ArtistVerified' | 'MilestoneReached'
>;

/**
 * The reference: the projection (and countMilestoneFacts, which the recorder shares) as it was before it
 * became set-based (a statement per event), kept verbatim so the set-based one is held to its rows.
 */
const perEventReference = defineProjection<ProgressEvent>({
  ...milestoneProgressProjection,
  async handle(events, db) {
    let fans = 0;
    let artists = 0;
    for (const event of events) {
      switch (event.type) {
        case 'AccountCreated':
          if (event.data.role === 'fan') {
            await db.query('insert into outreach_milestone_fans (user_id) values ($1) on conflict do nothing', [
              event.data.userId,
            ]);
          }
          break;
        case 'KycApproved': {
          const { rowCount } = await db.query(
            'update outreach_milestone_fans set approved = true where user_id = $1 and not approved',
            [event.data.userId],
          );
          fans += rowCount ?? 0;
          break;
        }
        case 'ArtistAdded':
        case 'ArtistVerified': {
          const { rowCount } = await db.query(
            'insert into outreach_milestone_artists (artist_id) values ($1) on conflict do nothing',
            [event.data.artistId],
          );
          artists += rowCount ?? 0;
          break;
        }
        case 'MilestoneReached':
          break;
      }
    }
    if (fans > 0 || artists > 0) {
      await db.query(
        `insert into outreach_milestone_counts (id, verified_fans, verified_artists) values (1, $1, $2)
         on conflict (id) do update set verified_fans = outreach_milestone_counts.verified_fans + excluded.verified_fans,
                                        verified_artists = outreach_milestone_counts.verified_artists + excluded.verified_artists`,
        [fans, artists],
      );
    }
    for (const event of events) {
      if (event.type !== 'MilestoneReached') continue;
      await db.query(
        'insert into outreach_milestones_reached (milestone, reached_at) values ($1, $2) on conflict do nothing',
        [event.data.milestone, event.recordedAt],
      );
    }
  },
});

/**
 * Fans approved before their account exists (not counted), approved twice (counted once), accounts
 * that are not fans, artists added and verified again, milestones reached twice (the first time stays).
 */
function progressEvents(count: number, seed: number): ListedEvent<ProgressEvent>[] {
  const random = seededRandom(seed);
  const events: ListedEvent<ProgressEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = `u${random.int(30)}`;
    const artistId = `a${random.int(30)}`;
    switch (random.int(5)) {
      case 0: {
        const role = random.pick(['fan', 'fan', 'artist'] as const);
        events.push({
          streamId: `user-${userId}`,
          type: 'AccountCreated',
          data: { userId, email: 'e', firstName: 'f', lastName: 'l', role, zipCode: 'z', passwordHash: 'h' },
        });
        break;
      }
      case 1:
        events.push({
          streamId: `identity-check-${userId}`,
          type: 'KycApproved',
          data: { userId, sessionId: 's', decisionTime: '2026-01-01T00:00:00Z', firstName: null, lastName: null },
        });
        break;
      case 2:
        // Only the id is read; the rest of the payload does not matter to the counts.
        events.push({
          streamId: `artist-${artistId}`,
          type: 'ArtistAdded',
          data: { artistId } as EventOfType<'ArtistAdded'>['data'],
        });
        break;
      case 3:
        events.push({
          streamId: `artist-${artistId}`,
          type: 'ArtistVerified',
          data: { artistId, userId, fanNumber: 1 },
        });
        break;
      default:
        if (random.int(4) === 0) {
          const milestone = random.pick(['listener-membership', 'utility-token'] as const);
          events.push({
            streamId: `milestone-${milestone}-${i}`,
            type: 'MilestoneReached',
            data: { milestone, threshold: 10, verifiedFans: 1, verifiedArtists: 1 },
          });
        }
    }
  }
  return events;
}

describe('outreach-milestone-progress projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event rows and counts for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(progressEvents(500, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    const counts = JSON.parse(expected.outreach_milestone_counts?.[0] ?? '{}') as Record<string, number>;
    expect(counts.verified_fans).toBeGreaterThan(5);
    expect(counts.verified_artists).toBeGreaterThan(5);
    expect(expected.outreach_milestones_reached).toHaveLength(2);
    for (const batchSize of [1, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, milestoneProgressProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(progressEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, milestoneProgressProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
