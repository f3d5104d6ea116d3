import { setTimeout as sleep } from 'node:timers/promises';
import { ProjectionWaiter } from '@app/event-store';
import type { Pool } from '@app/platform';

/**
 * Waits until the named projections have passed the last event in the log: for tests that read a read
 * model no write waits for (nothing the user sees next needs it, so the answer does not wait).
 */
export async function readModelsCaughtUp(pool: Pool, names: readonly string[], timeoutMs = 10_000): Promise<void> {
  const waiter = new ProjectionWaiter(pool);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ tx: string; pos: number }>(
      `select transaction_id::text as tx, global_position as pos from events
       order by transaction_id desc, global_position desc limit 1`,
    );
    const last = rows[0];
    if (!last || (await waiter.waitFor({ transactionId: last.tx, globalPosition: last.pos }, names, 0))) return;
    if (Date.now() > deadline) throw new Error(`${names.join(', ')} did not catch up with the log in time`);
    await sleep(20);
  }
}
