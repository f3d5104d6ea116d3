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
import { claimsProjection } from './claims.projection.js';

type ClaimEvent = EventOfType<
  'EntryClaimCodeIssued' | 'EntryClaimSubmitted' | 'EntryClaimApproved' | 'EntryClaimRefused'
>;

/**
 * The reference: the projection as it was before it became set-based (a statement per event), kept
 * verbatim so the set-based one is held to exactly its rows.
 */
const perEventReference = defineProjection<ClaimEvent>({
  ...claimsProjection,
  async handle(events, db) {
    for (const event of events) {
      switch (event.type) {
        case 'EntryClaimCodeIssued': {
          const { claimId, kind, entryId, userId, code, expiresAt } = event.data;
          await db.query(
            `insert into catalog_claims (claim_id, kind, entry_id, user_id, code, expires_at, status, issued_at, position)
             values ($1, $2, $3, $4, $5, $6, 'issued', $7, $8) on conflict (claim_id) do nothing`,
            [claimId, kind, entryId, userId, code, expiresAt, event.recordedAt, event.globalPosition],
          );
          break;
        }
        case 'EntryClaimSubmitted':
          await db.query(
            `update catalog_claims set status = 'pending', link_platform = $2, link_url = $3, submitted_at = $4,
               position = $5 where claim_id = $1`,
            [event.data.claimId, event.data.link.platform, event.data.link.url, event.recordedAt, event.globalPosition],
          );
          break;
        case 'EntryClaimApproved':
        case 'EntryClaimRefused':
          await db.query(
            `update catalog_claims set status = $2, decided_at = $3, operator_id = $4, reason = $5 where claim_id = $1`,
            [
              event.data.claimId,
              event.type === 'EntryClaimApproved' ? 'approved' : 'refused',
              event.recordedAt,
              event.data.operatorId,
              event.data.reason,
            ],
          );
          break;
      }
    }
  },
});

/**
 * A few claims, many events each: codes issued twice under one claim id (the first wins), submissions
 * and decisions before the code exists (applied to nothing), submitted again after a decision, decided
 * twice. Expiry times come with microseconds and offsets, as text the column parses.
 */
function claimEvents(count: number, seed: number): ListedEvent<ClaimEvent>[] {
  const random = seededRandom(seed);
  const claims = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
  const events: ListedEvent<ClaimEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const claimId = random.pick(claims);
    const kind = random.pick(['artist', 'venue'] as const);
    const entryId = random.pick(['e1', 'e2']);
    const userId = random.pick(['u1', 'u2', 'u3']);
    const streamId = `${kind}-${entryId}`;
    const decided = { kind, entryId, claimId, userId, operatorId: random.pick(['op1', 'op2']), reason: `r${i}` };
    switch (random.int(6)) {
      case 0:
      case 1:
        events.push({
          streamId,
          type: 'EntryClaimCodeIssued',
          data: {
            kind,
            entryId,
            claimId,
            userId,
            code: `CODE-${i}`,
            expiresAt: random.pick(['2026-03-08T12:00:00.123456Z', `2026-04-0${1 + (i % 9)}T08:30:00+02:00`]),
          },
        });
        break;
      case 2:
      case 3:
        events.push({
          streamId,
          type: 'EntryClaimSubmitted',
          data: {
            kind,
            entryId,
            claimId,
            userId,
            link: { platform: random.pick(['instagram', 'website'] as const), url: `https://x.org/${i}` },
          },
        });
        break;
      case 4:
        events.push({ streamId, type: 'EntryClaimApproved', data: decided });
        break;
      default:
        events.push({ streamId, type: 'EntryClaimRefused', data: decided });
    }
  }
  return events;
}

describe('claims projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2])('gives the per-event rows for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(claimEvents(400, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    // The sequence must exercise the rules: every claim issued, submitted and decided.
    const claims = (expected.catalog_claims ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(claims).toHaveLength(6);
    expect(claims.every((claim) => claim.submitted_at !== null && claim.decided_at !== null)).toBe(true);
    for (const batchSize of [1, 2, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, claimsProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(claimEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, claimsProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
