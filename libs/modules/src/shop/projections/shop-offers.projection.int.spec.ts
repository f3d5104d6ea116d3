import { createDomainEventRegistry } from '@app/contracts';
import { createReadModelTables, settle, type Projection, type StoredEvent } from '@app/event-store';
import { withTransaction } from '@app/platform';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { shopOffersProjection } from './shop-offers.projection.js';
import { shopOffersReference } from './test/per-event-reference.js';

/**
 * The shop-offers projection applies a batch set-based (one multi-row statement per kind of change).
 * Whatever the batch boundaries, it must leave exactly the rows that applying the events one by one
 * leaves, which is what it did before (test/per-event-reference.ts keeps that code): the stock the
 * lists show and `ops verify` compares.
 */
describe('the shop-offers projection, a batch at a time (real PostgreSQL)', () => {
  let db: TestDatabase;
  let schemas = 0;
  const registry = createDomainEventRegistry();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  /** Projects `events` into fresh tables of their own schema, `batchSize` events per transaction. */
  async function project(projection: Projection, events: readonly StoredEvent[], batchSize: number): Promise<string> {
    const schema = `run_${++schemas}`;
    await withTransaction(db.pool, async (client) => {
      await client.query(`create schema ${schema}`);
      await client.query(`set local search_path to ${schema}, public`);
      await createReadModelTables(client, projection);
    });
    for (let from = 0; from < events.length; from += batchSize) {
      await withTransaction(db.pool, async (client) => {
        await client.query(`set local search_path to ${schema}, public`);
        await settle(await projection.handle(events.slice(from, from + batchSize), client));
      });
    }
    return schema;
  }

  async function dump(schema: string): Promise<Record<string, Record<string, unknown>[]>> {
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const table of shopOffersProjection.tables) {
      const { rows } = await db.pool.query(`select * from ${schema}.${table} t order by t::text`);
      tables[table] = rows;
    }
    return tables;
  }

  /** A deterministic pseudo-random sequence (a linear congruential generator), so a failure replays. */
  function random(seed: number): (n: number) => number {
    let state = seed;
    return (n) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * n);
    };
  }

  /**
   * A shop's log as the write side makes it: offers created, redeemed (a few offers, so one offer's
   * redemptions fall in one batch), codes used at the door, offers withdrawn with their unused codes
   * refunded; plus events repeated later in the log and whole stretches handed over again.
   */
  function generate(seed: number, length: number): StoredEvent[] {
    const rand = random(seed);
    const events: StoredEvent[] = [];
    const offers: { id: string; price: number; withdrawn: boolean }[] = [];
    const redemptions: {
      id: string;
      offerId: string;
      codeId: string;
      userId: string;
      used: boolean;
      refunded: boolean;
    }[] = [];
    let position = 100;
    const push = (type: string, data: unknown) => {
      position += 1 + rand(3);
      const valid = registry.validate(type, data);
      events.push({
        type,
        data: valid.data,
        globalPosition: position,
        transactionId: String(position),
        streamId: `s-${position}`,
        streamVersion: 1,
        schemaVersion: valid.schemaVersion,
        metadata: {},
        recordedAt: new Date(Date.UTC(2026, 0, 1) + position * 1000),
      });
    };
    while (events.length < length) {
      const roll = rand(100);
      const open = offers.filter((offer) => !offer.withdrawn);
      const unused = redemptions.filter((r) => !r.used && !r.refunded);
      if (open.length === 0 || (roll < 8 && offers.length < 12)) {
        const id = `offer-${offers.length}`;
        const price = 10 * (1 + rand(20));
        offers.push({ id, price, withdrawn: false });
        const platform = rand(3) === 0;
        push('OfferCreated', {
          offerId: id,
          owner: platform ? { kind: 'platform' } : { kind: rand(2) ? 'artist' : 'venue', entryId: `entry-${rand(4)}` },
          createdBy: `member-${rand(4)}`,
          kind: platform ? 'in-app-reward' : 'merch-discount',
          title: `Offer ${id}`,
          description: `About ${id}`,
          howToUse: 'Show it at the stand.',
          price,
          stock: 50,
          perFanLimit: 1 + rand(5),
          validFrom: new Date(Date.UTC(2026, 0, 1)).toISOString(),
          validTo: new Date(Date.UTC(2026, 11, 31)).toISOString(),
          codeSource: rand(2) ? 'generated' : 'csv',
        });
      } else if (roll < 60) {
        const offer = open[rand(Math.min(open.length, 3))]!;
        const redemption = {
          id: `redemption-${redemptions.length}`,
          offerId: offer.id,
          codeId: String(1000 + redemptions.length),
          userId: `fan-${rand(8)}`,
          used: false,
          refunded: false,
        };
        redemptions.push(redemption);
        push('OfferRedeemed', {
          redemptionId: redemption.id,
          offerId: offer.id,
          userId: redemption.userId,
          codeId: redemption.codeId,
          price: offer.price,
        });
      } else if (roll < 75 && unused.length > 0) {
        const redemption = unused[rand(unused.length)]!;
        redemption.used = true;
        push('OfferCodeUsed', {
          redemptionId: redemption.id,
          offerId: redemption.offerId,
          codeId: redemption.codeId,
          markedBy: 'member-0',
          usedAt: new Date(Date.UTC(2026, 0, 1) + position * 1000 + 500).toISOString(),
        });
      } else if (roll < 80) {
        // A withdrawal: each unused code of the offer refunded, then the offer withdrawn.
        const offer = open[rand(open.length)]!;
        offer.withdrawn = true;
        const refunds = redemptions.filter((r) => r.offerId === offer.id && !r.used && !r.refunded);
        for (const redemption of refunds) {
          redemption.refunded = true;
          push('PayolaRefunded', {
            userId: redemption.userId,
            amount: offer.price,
            offerId: offer.id,
            redemptionId: redemption.id,
            action: 'Refunded',
            category: 'shop',
            description: `Refunded Offer ${offer.id}`,
            source: `refund:${redemption.id}`,
          });
        }
        push('OfferWithdrawn', {
          offerId: offer.id,
          withdrawnBy: 'member-0',
          byOperator: rand(2) === 0,
          reason: null,
          refunded: refunds.length,
        });
      } else if (roll < 92) {
        // The same event again, later in the log.
        events.push(events[rand(events.length)]!);
      } else {
        // A stretch handed over again, as a batch applied twice would be.
        const from = rand(events.length);
        events.push(...events.slice(from, from + 1 + rand(12)));
      }
    }
    return events;
  }

  it.each([1, 2, 3])(
    'leaves the rows of one event at a time, in batches of 1, 2, 3 and 1000 (seed %i)',
    async (seed) => {
      const events = generate(seed, 400);
      const expected = await dump(await project(shopOffersReference, events, 1));
      // The sequence does what it is for: offers redeemed, used, refunded and withdrawn.
      const offers = expected.shop_offers!;
      expect(offers.length).toBeGreaterThan(3);
      expect(offers.filter((row) => (row.redeemed as number) > 0).length).toBeGreaterThan(0);
      expect(offers.filter((row) => (row.used as number) > 0).length).toBeGreaterThan(0);
      expect(offers.filter((row) => (row.refunded as number) > 0).length).toBeGreaterThan(0);
      expect(offers.filter((row) => row.withdrawn_at !== null).length).toBeGreaterThan(0);
      expect(expected.shop_redemptions!.length).toBeGreaterThan(50);
      for (const batchSize of [1, 2, 3, 1000]) {
        const actual = await dump(await project(shopOffersProjection, events, batchSize));
        expect({ batchSize, ...actual }).toEqual({ batchSize, ...expected });
      }
    },
    120_000,
  );
});
