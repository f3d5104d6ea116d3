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
import { membershipStatusProjection } from './membership-status.projection.js';

type MembershipEvent = EventOfType<
  | 'PaymentCompleted'
  | 'MembershipStarted'
  | 'MembershipEnded'
  | 'KycSessionStarted'
  | 'KycApproved'
  | 'KycDeclined'
  | 'KycExpired'
>;

/**
 * The reference: the projection as it was before it became set-based (two statements per event), kept
 * verbatim so the set-based one is held to exactly its rows.
 */
const perEventReference = defineProjection<MembershipEvent>({
  ...membershipStatusProjection,
  async handle(events, db) {
    const update = async (userId: string, assignments: string, values: unknown[]) => {
      await db.query('insert into membership_status (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
      await db.query(`update membership_status set ${assignments} where user_id = $1`, [userId, ...values]);
    };
    for (const event of events) {
      switch (event.type) {
        case 'PaymentCompleted': {
          const p = event.data;
          await update(
            p.userId,
            `payment_completed = true, verification_payment_amount_cents = $2, verification_payment_date = $3,
             payment_method_last4 = $4, payment_method_brand = $5, stripe_customer_id = $6,
             stripe_subscription_id = $7, founding_fan_number = $8`,
            [p.amountCents, p.paidAt, p.cardLast4, p.cardBrand, p.customerId, p.subscriptionId, p.foundingFanNumber],
          );
          break;
        }
        case 'MembershipStarted':
        case 'MembershipEnded':
          await update(event.data.userId, 'monthly_member = $2', [event.type === 'MembershipStarted']);
          break;
        case 'KycSessionStarted':
          await update(
            event.data.userId,
            "veriff_session_id = $2, veriff_status = case when veriff_status = 'approved' then 'approved' else 'pending' end",
            [event.data.sessionId],
          );
          break;
        case 'KycApproved': {
          const k = event.data;
          await update(
            k.userId,
            `verified = true, kyc_completed = true, veriff_status = 'approved', veriff_session_id = $2,
             veriff_decision_time = $3, veriff_first_name = $4, veriff_last_name = $5`,
            [k.sessionId, k.decisionTime, k.firstName, k.lastName],
          );
          break;
        }
        case 'KycDeclined':
        case 'KycExpired': {
          const k = event.data;
          const status = k.status === 'declined' || k.status === 'resubmission_requested' ? 'declined' : 'expired';
          await update(
            k.userId,
            'kyc_completed = false, veriff_status = $2, veriff_session_id = $3, veriff_decision_time = $4',
            [status, k.sessionId, k.decisionTime],
          );
          break;
        }
      }
    }
  },
});

/**
 * A few users, many events each: payments repeated, sessions started after an approval (which must stay
 * approved), declines after approvals, memberships toggled; times with microseconds, as providers send.
 */
function membershipEvents(count: number, seed: number): ListedEvent<MembershipEvent>[] {
  const random = seededRandom(seed);
  const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
  const time = (i: number) => `2026-02-0${1 + (i % 9)}T10:11:12.${String(123456 + i).slice(0, 6)}Z`;
  const events: ListedEvent<MembershipEvent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = random.pick(users);
    const payment = `payment-${userId}`;
    const check = `identity-check-${userId}`;
    const sessionId = `s${random.int(4)}`;
    const decisionTime = time(i);
    switch (random.int(9)) {
      case 0:
        events.push({
          streamId: payment,
          type: 'PaymentCompleted',
          data: {
            userId,
            amountCents: 1000 + i,
            currency: 'usd',
            provider: 'stripe-test-mode',
            providerPaymentId: `pi${i}`,
            customerId: i % 3 === 0 ? null : `cus${i}`,
            subscriptionId: i % 2 === 0 ? null : `sub${i}`,
            cardLast4: i % 5 === 0 ? null : '4242',
            cardBrand: i % 5 === 0 ? null : 'visa',
            paidAt: time(i),
            foundingFanNumber: i % 4 === 0 ? null : i,
          },
        });
        break;
      case 1:
        events.push({
          streamId: payment,
          type: 'MembershipStarted',
          data: { userId, subscriptionId: null, startedAt: time(i) },
        });
        break;
      case 2:
        events.push({ streamId: payment, type: 'MembershipEnded', data: { userId, endedAt: time(i) } });
        break;
      case 3:
      case 4:
        events.push({
          streamId: check,
          type: 'KycSessionStarted',
          data: { userId, sessionId, provider: 'veriff-test-mode' },
        });
        break;
      case 5: {
        const named = random.int(2) === 0;
        events.push({
          streamId: check,
          type: 'KycApproved',
          data: {
            userId,
            sessionId,
            decisionTime,
            firstName: named ? `F${i}` : null,
            lastName: named ? `L${i}` : null,
          },
        });
        break;
      }
      case 6:
      case 7: {
        const status = random.pick(['declined', 'resubmission_requested'] as const);
        events.push({ streamId: check, type: 'KycDeclined', data: { userId, sessionId, decisionTime, status } });
        break;
      }
      default: {
        const status = random.pick(['expired', 'abandoned'] as const);
        events.push({ streamId: check, type: 'KycExpired', data: { userId, sessionId, decisionTime, status } });
      }
    }
  }
  return events;
}

describe('membership-status projection, set-based (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it.each([1, 2, 3])('gives the per-event rows for any batch size (sequence %i)', async (seed) => {
    const events = storedEvents(membershipEvents(400, seed));
    const expected = await projectedRows(db.pool, perEventReference, events, 1);
    const rows = (expected.membership_status ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
    expect(rows).toHaveLength(6);
    // Microseconds are kept: a round trip through a JS Date would lose them.
    expect(rows.some((row) => String(row.veriff_decision_time).match(/\.\d{6}/))).toBe(true);
    for (const batchSize of [1, 7, 61, 1000]) {
      expect(await projectedRows(db.pool, membershipStatusProjection, events, batchSize)).toEqual(expected);
    }
  });

  it('keeps an approval through a later session start in the same batch and across batches', async () => {
    const events = storedEvents<MembershipEvent>([
      {
        streamId: 'c',
        type: 'KycApproved',
        data: { userId: 'a', sessionId: 's1', decisionTime: '2026-01-01T00:00:00Z', firstName: 'A', lastName: 'B' },
      },
      { streamId: 'c', type: 'KycSessionStarted', data: { userId: 'a', sessionId: 's2', provider: 'veriff' } },
      { streamId: 'd', type: 'KycSessionStarted', data: { userId: 'b', sessionId: 's3', provider: 'veriff' } },
    ]);
    for (const batchSize of [1, 3]) {
      const rows = await projectedRows(db.pool, membershipStatusProjection, events, batchSize);
      const statuses = (rows.membership_status ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);
      expect(statuses.map((s) => [s.user_id, s.veriff_status, s.veriff_session_id])).toEqual([
        ['a', 'approved', 's2'],
        ['b', 'pending', 's3'],
      ]);
    }
  });

  it('gives the per-event rows when every batch is delivered twice (the idempotent rules)', async () => {
    const events = storedEvents(membershipEvents(300, 5));
    const pairs = await rowsDeliveredTwice(db.pool, membershipStatusProjection, perEventReference, events);
    for (const { actual, expected } of pairs) expect(actual).toEqual(expected);
  });
});
