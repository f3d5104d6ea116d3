import { createDomainEventRegistry } from '@app/contracts';
import { EventStore, loadStream } from '@app/event-store';
import { withTransaction } from '@app/platform';
import { createTestDatabase, seededRandom, type TestDatabase } from '@app/testing';
import { payolaStreamId, spendSource, SpendRefusedError } from '../domain/payola-account.js';
import { awardPayola, payolaAccountFold, refundPayola, spendPayola, spendStateOf } from './award-payola.js';

/**
 * A spend decides on spendStateOf (one statement: version, balance, this offer's spends) instead of the
 * whole fold. Whatever the stream holds (awards, corrections clamped at zero, spends of several offers,
 * refunds, refused spends), those figures must be the fold's.
 */
describe('the spend state read in one statement is the fold’s (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
  });
  afterAll(() => db.close());

  it.each([1, 2, 3])('after every step of a random history (seed %i)', async (seed) => {
    const random = seededRandom(seed);
    const userId = `fan-${seed}`;
    const offers = ['offer-a', 'offer-b', 'offer-c'];
    const spent: { redemptionId: string; offerId: string }[] = [];
    let refused = 0;
    for (let step = 0; step < 80; step++) {
      const roll = random.int(100);
      if (roll < 35) {
        // An award, or a correction (a vote withdrawn) that the fold clamps at the balance.
        const amount = random.int(4) === 0 ? -(1 + random.int(40)) : 1 + random.int(60);
        await awardPayola(
          store,
          db.pool,
          { userId, rule: 'upvote', description: 'Step', source: `step:${seed}:${step}` },
          () => amount,
        );
      } else if (roll < 80) {
        const offerId = random.pick(offers);
        const redemptionId = `r-${seed}-${step}`;
        try {
          await withTransaction(db.pool, (tx) =>
            spendPayola(
              store,
              tx,
              { userId, amount: 5 + random.int(50), offerId, redemptionId, perFanLimit: 6, description: 'Spend' },
              () => Promise.resolve(null),
            ),
          );
          spent.push({ redemptionId, offerId });
        } catch (error) {
          if (!(error instanceof SpendRefusedError)) throw error;
          refused += 1;
        }
      } else if (spent.length > 0) {
        const { redemptionId, offerId } = random.pick(spent);
        await withTransaction(db.pool, (tx) =>
          refundPayola(store, tx, { userId, offerId, redemptionId, description: 'Refund' }, userId),
        );
      }
      const folded = await loadStream(store, db.pool, payolaStreamId(userId), payolaAccountFold);
      for (const offerId of offers) {
        const { state, version } = await spendStateOf(db.pool, { userId, offerId }, null);
        expect({
          step,
          offerId,
          version,
          balance: state.balance,
          spends: state.redemptionsByOffer.get(offerId),
        }).toEqual({
          step,
          offerId,
          version: folded.version,
          balance: folded.state.balance,
          spends: folded.state.redemptionsByOffer.get(offerId) ?? 0,
        });
      }
    }
    // The history did what it is for: spends, refusals and refunds, and the balance never below zero.
    expect(spent.length).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(0);
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from events where stream_id = $1 and type = 'PayolaRefunded'`,
      [payolaStreamId(userId)],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // A refused spend reserved nothing (its transaction rolled back with the reservation).
    const sources = await db.pool.query<{ source: string }>(
      `select source from payola_award_sources where user_id = $1 and source like 'redemption:%' order by source`,
      [userId],
    );
    expect(sources.rows.map((row) => row.source)).toEqual(spent.map((s) => spendSource(s.redemptionId)).sort());
  });
});
