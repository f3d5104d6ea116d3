import { setTimeout as sleep } from 'node:timers/promises';
import { readHead } from '@app/event-store';
import type { Pool } from '@app/platform';

/**
 * Waits until every event appended so far is final: older than every running transaction on the
 * server, so readAll and a rebuild see it. Another test's or the bench's open transaction anywhere on
 * a shared server holds that back for a moment; a test that reads the log right after appending
 * would otherwise see nothing, now and then.
 */
export async function waitForFinalLog(pool: Pool, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ pos: number }>(
      'select global_position as pos from events order by transaction_id desc, global_position desc limit 1',
    );
    const last = rows[0];
    if (!last || (await readHead(pool)).globalPosition === last.pos) return;
    if (Date.now() > deadline) throw new Error('the log did not become final in time');
    await sleep(20);
  }
}
