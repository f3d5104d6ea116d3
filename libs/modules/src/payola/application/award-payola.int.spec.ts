import { createDomainEventRegistry } from '@app/contracts';
import { EventSourcedRepository, EventStore, ProjectionWaiter, StreamVersionConflictError } from '@app/event-store';
import { createTestDatabase, raceTransactions, type TestDatabase } from '@app/testing';
import type { AwardRequest } from '../domain/payola-account.js';
import { awardDecision, awardMetadata, awardPayola, payolaAccountFold, payolaStreamId } from './award-payola.js';

const N = 10;

describe('award sources under concurrent transactions (READ COMMITTED)', () => {
  let db: TestDatabase;
  let store: EventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, createDomainEventRegistry());
  });
  afterAll(() => db.close());

  const awards = (userId: string) =>
    db.pool
      .query("select data->>'source' as source, (data->>'amount')::int as amount from events where stream_id = $1", [
        payolaStreamId(userId),
      ])
      .then((r) => r.rows);

  it(`of ${N} transactions paying one (user, source) at once, exactly one pays; the rest are told the stream moved`, async () => {
    const request: AwardRequest = {
      userId: 'racer',
      rule: 'artist-verified',
      description: 'Verified X',
      source: 'verify:x',
    };
    const outcomes = await raceTransactions(db.pool, N, (tx) => awardPayola(store, tx, request));
    const paid = outcomes.filter((o) => o.ok && o.value.award);
    expect(paid).toHaveLength(1);
    for (const o of outcomes) if (!o.ok) expect(o.error).toBeInstanceOf(StreamVersionConflictError);
    expect(await awards('racer')).toEqual([{ source: 'verify:x', amount: 25 }]);
    const { rows } = await db.pool.query("select count(*)::int as n from payola_award_sources where user_id = 'racer'");
    expect(rows[0].n).toBe(1);
  });

  it(`through the repository (which decides again after a lost race), ${N} concurrent requests pay once and all succeed`, async () => {
    const repository = new EventSourcedRepository(db.pool, store, new ProjectionWaiter(db.pool));
    const request: AwardRequest = {
      userId: 'doubled',
      rule: 'artist-verified',
      description: 'Verified Y',
      source: 'verify:y',
    };
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        repository.execute(payolaStreamId('doubled'), payolaAccountFold, awardDecision(request), {
          metadata: awardMetadata(request),
          maxAttempts: N + 1,
        }),
      ),
    );
    expect(results.filter((r) => r.result)).toHaveLength(1);
    expect(await awards('doubled')).toEqual([{ source: 'verify:y', amount: 25 }]);
  });
});
