import { randomUUID } from 'node:crypto';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { milestoneStreamId } from '@app/modules/outreach';
import { awardPayola } from '@app/modules/payola';
import { redeemOffer } from '@app/modules/shop';
import { createPool } from '@app/platform';
import { checkpoint, closedLoop, formatInt, log, type LatencyFigures } from './bench-util.js';

export interface ShopBenchResult {
  fans: number;
  concurrency: number;
  seconds: number;
  poolSize: number;
  /** The shop's redemption transaction (redeemOffer, as the api's handler runs it, without HTTP). */
  ours: LatencyFigures;
  /** `UPDATE balances SET balance = balance - price WHERE user_id = $1 AND balance >= price` alone. */
  baseline: LatencyFigures;
  /** Our redemptions per second ÷ the bare updates per second. */
  ratio: number;
}

const PRICE = 10;
const BALANCE = 1_000_000;

/**
 * The redemption scenario: `concurrency` clients in a closed loop, each redeeming one offer for a random
 * fan of `fans` (so fans rarely collide, as in a real shop), through the same transaction the api runs
 * (the gate, the offer's terms `for share`, the fan's lock, the fold of their Payola stream, the code
 * claimed `for update skip locked`, two appends with expected versions, the email staged), beside the
 * bare statement a naive shop would run: one conditional UPDATE of a balance row. The api's HTTP, session
 * and JSON are left out of both, so the ratio is what exactly-once and the log cost over the bare update.
 */
export async function shopBench(options: {
  databaseUrl: string;
  fans: number;
  concurrency: number;
  seconds: number;
}): Promise<ShopBenchResult> {
  const poolSize = 20;
  const pool = createPool({
    connectionString: options.databaseUrl,
    max: poolSize,
    applicationName: 'payola-bench-shop',
  });
  try {
    const store = new EventStore(pool, createDomainEventRegistry());
    const stream = milestoneStreamId('listener-membership');
    if ((await store.streamVersion(stream)) === 0) {
      await store.append(stream, 'no_stream', [
        {
          type: 'MilestoneReached',
          data: { milestone: 'listener-membership', threshold: 10_000, verifiedFans: 10_000, verifiedArtists: 10_000 },
        },
      ]);
    }
    const fans = Array.from({ length: options.fans }, () => randomUUID());
    for (const userId of fans) {
      await awardPayola(
        store,
        pool,
        { userId, rule: 'identity-verified', description: 'Bench grant', source: 'bench-grant' },
        () => BALANCE,
      );
    }
    await pool.query('create table bench_balances (user_id text primary key, balance integer not null)');
    await pool.query('insert into bench_balances select unnest($1::text[]), $2', [fans, BALANCE]);
    // Enough codes for the whole run at several thousand redemptions a second.
    const codes = Math.max(2000, options.seconds * options.concurrency * 400);
    const offerId = randomUUID();
    await pool.query(
      `insert into shop_offer_terms (offer_id, owner_kind, entry_id, created_by, kind, title, how_to_use, price,
         per_fan_limit, valid_from, valid_to)
       values ($1, 'platform', null, 'bench', 'in-app-reward', 'Bench reward', 'Use it', $2, 1000000,
         now() - interval '1 minute', now() + interval '1 day')`,
      [offerId, PRICE],
    );
    await pool.query(
      `insert into shop_offer_codes (offer_id, code) select $1, 'BENCH-' || lpad(g::text, 9, '0') from generate_series(1, $2) g`,
      [offerId, codes],
    );
    log(`  ${formatInt(options.fans)} fans, ${formatInt(codes)} codes; redemptions, then the bare update`);
    await checkpoint(pool);

    const fan = () => fans[Math.floor(Math.random() * fans.length)] ?? '';
    const ours = await closedLoop(options.concurrency, options.seconds, async () => {
      try {
        const userId = fan();
        await redeemOffer(
          { pool, store, publicUrl: 'http://localhost:3000' },
          { userId, email: `${userId}@bench.invalid`, firstName: 'Bench' },
          offerId,
        );
        return true;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
    await checkpoint(pool);
    const baseline = await closedLoop(options.concurrency, options.seconds, async () => {
      const updated = await pool.query(
        'update bench_balances set balance = balance - $2 where user_id = $1 and balance >= $2',
        [fan(), PRICE],
      );
      return updated.rowCount === 1 || 'refused';
    });

    // Exactly once, counted: every success took one code and spent once; nothing else moved.
    const { rows } = await pool.query<{ codes: number; spends: number }>(
      `select (select count(*)::int from shop_offer_codes where redeemed_by is not null) as codes,
              (select count(*)::int from events where type = 'PayolaSpent') as spends`,
    );
    const succeeded = ours.requests - ours.errors;
    if (rows[0]?.codes !== succeeded || rows[0]?.spends !== succeeded) {
      throw new Error(
        `redemptions do not add up: ${succeeded} succeeded, ${rows[0]?.codes} codes taken, ${rows[0]?.spends} spends`,
      );
    }
    return {
      fans: options.fans,
      concurrency: options.concurrency,
      seconds: options.seconds,
      poolSize,
      ours,
      baseline,
      ratio: baseline.perSecond > 0 ? ours.perSecond / baseline.perSecond : 0,
    };
  } finally {
    await pool.end();
  }
}
