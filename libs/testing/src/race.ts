import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from '@app/platform';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Races `n` real transactions: each opens its own transaction on its own connection, all wait at one
 * barrier, then all run `work` at once. Each keeps its transaction open `holdMs` after its work before
 * committing (rolling back on an error), so the others' statements meet it still uncommitted: the
 * interleaving in which a check and an insert made in one snapshot go wrong. Answers each one's outcome.
 */
export async function raceTransactions<T>(
  pool: Pool,
  n: number,
  work: (tx: PoolClient, index: number) => Promise<T>,
  { holdMs = 50 }: { holdMs?: number } = {},
): Promise<Settled<T>[]> {
  if (pool.options.max !== undefined && pool.options.max < n) {
    throw new Error(`raceTransactions needs ${n} connections; the pool has ${pool.options.max}`);
  }
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  try {
    await Promise.all(clients.map((client) => client.query('begin')));
    let open!: () => void;
    const barrier = new Promise<void>((resolve) => (open = resolve));
    const runs = clients.map(async (client, index): Promise<Settled<T>> => {
      await barrier;
      try {
        const value = await work(client, index);
        await sleep(holdMs);
        await client.query('commit');
        return { ok: true, value };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        return { ok: false, error };
      }
    });
    open();
    return await Promise.all(runs);
  } finally {
    for (const client of clients) client.release();
  }
}
