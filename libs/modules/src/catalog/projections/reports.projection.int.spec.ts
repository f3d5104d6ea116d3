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
import { REPORT_COUNT_COLUMNS, reportsProjection } from './reports.projection.js';

type ReportsEvent = EventOfType<
  'ArtistReported' | 'VenueReported' | 'ArtistReportsDismissed' | 'VenueReportsDismissed'
>;

/**
 * The reference: the projection as it was before it became set-based (a statement per event), kept
 * verbatim so the set-based one is held to exactly its rows.
 */
const perEventReference = defineProjection<ReportsEvent>({
  ...reportsProjection,
  async handle(events, db) {
    for (const event of events) {
      if (event.type === 'ArtistReported' || event.type === 'VenueReported') {
        const [kind, entryId] =
          event.type === 'ArtistReported' ? ['artist', event.data.artistId] : ['venue', event.data.venueId];
        const { userId, reason, text } = event.data;
        const { rowCount } = await db.query(
          `insert into catalog_reports (kind, entry_id, user_id, reason, text, reported_at, position)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
          [kind, entryId, userId, reason, text, event.recordedAt, event.globalPosition],
        );
        if (rowCount === 0) continue; // delivered twice
        const column = REPORT_COUNT_COLUMNS[reason];
        // A report on a dismissed group opens it again, counting from this report.
        const counts = Object.values(REPORT_COUNT_COLUMNS)
          .map((c) => `${c} = (case when g.status = 'open' then g.${c} else 0 end) + ${c === column ? 1 : 0}`)
          .join(', ');
        await db.query(
          `insert into catalog_report_groups as g
             (kind, entry_id, status, ${column}, since_position, last_position, last_reported_at)
           values ($1, $2, 'open', 1, $3, $3, $4)
           on conflict (kind, entry_id) do update set
             status = 'open', ${counts},
             since_position = case when g.status = 'open' then g.since_position else excluded.since_position end,
             dismissed_by = case when g.status = 'open' then g.dismissed_by end,
             dismissal_reason = case when g.status = 'open' then g.dismissal_reason end,
             last_position = excluded.last_position,
             last_reported_at = excluded.last_reported_at`,
          [kind, entryId, event.globalPosition, event.recordedAt],
        );
      } else {
        const [kind, entryId] =
          event.type === 'ArtistReportsDismissed' ? ['artist', event.data.artistId] : ['venue', event.data.venueId];
        await db.query(
          `update catalog_report_groups set status = 'dismissed', dismissed_by = $3, dismissal_reason = $4
           where kind = $1 and entry_id = $2 and status = 'open'`,
          [kind, entryId, event.data.operatorId, event.data.reason],
        );
      }
    }
  },
});

/**
 * A few entries (an artist and a venue share an id: the kind is part of the key), many events each:
 * members who report an entry again (counted once, even when the first report was in an earlier
 * batch), new members reporting all along so dismissed groups open again and count from zero,
 * dismissals of entries never reported or already dismissed (applied to nothing), every reason.
 */
function reportEvents(count: number, seed: number): ListedEvent<ReportsEvent>[] {
  const random = seededRandom(seed);
  const events: ListedEvent<ReportsEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = random.pick(['artist', 'venue'] as const);
    const entryId = random.pick(['e1', 'e2', 'e3']);
    // The members seen so far and a few new ones: reports again and first reports throughout.
    const userId = `u${random.int(3 + Math.floor(i / 6))}`;
    // Operators clear the queue at the end: groups dismissed, some twice (the second changes nothing).
    if (random.int(5) < (i < count * 0.9 ? 1 : 3)) {
      const decided = { operatorId: random.pick(['op1', 'op2']), reason: `dismissed ${i}` };
      events.push(
        kind === 'artist'
          ? {
              streamId: `artist-moderation-${entryId}`,
              type: 'ArtistReportsDismissed',
              data: { artistId: entryId, ...decided },
            }
          : {
              streamId: `venue-moderation-${entryId}`,
              type: 'VenueReportsDismissed',
              data: { venueId: entryId, ...decided },
            },
      );
      continue;
    }
    const reported = {
      userId,
      reason: random.pick(Object.keys(REPORT_COUNT_COLUMNS) as (keyof typeof REPORT_COUNT_COLUMNS)[]),
      text: random.int(2) === 0 ? null : `words ${i}`,
    };
    events.push(
      kind === 'artist'
        ? {
            streamId: `artist-report-${entryId}-${userId}`,
            type: 'ArtistReported',
            data: { artistId: entryId, ...reported },
          }
        : {
            streamId: `venue-report-${entryId}-${userId}`,
            type: 'VenueReported',
            data: { venueId: entryId, ...reported },
          },
    );
  }
  return events;
}

describe('reports projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event rows for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(reportEvents(400, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    // The sequence must exercise the rules: reports made again, groups dismissed and opened again.
    const reports = expected.catalog_reports ?? [];
    const groups = (expected.catalog_report_groups ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
    const reported = events.filter((event) => event.type === 'ArtistReported' || event.type === 'VenueReported');
    expect(reports.length).toBeLessThan(reported.length - 20);
    expect(groups).toHaveLength(6);
    expect(groups.filter((group) => group.status === 'dismissed').length).toBeGreaterThan(1);
    const reopened = groups.filter((group) => group.status === 'open' && Number(group.since_position) > 50);
    expect(reopened.length).toBeGreaterThan(0);
    for (const batchSize of [1, 2, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, reportsProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(reportEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, reportsProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
