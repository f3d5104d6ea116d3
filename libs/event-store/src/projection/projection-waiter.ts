import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '@app/platform';
import type { LogPosition } from '../log-position.js';
import { readModelLag } from './read-model-lag.js';

/**
 * Read-your-writes: lets a command handler wait (bounded) until the named projections have passed
 * its append, so the same user's next read shows the write.
 */
export class ProjectionWaiter {
  constructor(private readonly db: Queryable) {}

  /**
   * Resolves true once every projection has passed `position`, false when `timeoutMs` runs out; then
   * the request's read-model lag report names them (read-model-lag.ts), so the client is told.
   */
  async waitFor(position: LogPosition, projections: readonly string[], timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let delay = 5;
    for (;;) {
      const { rows } = await this.db.query<{ passed: number }>(
        `select count(*)::int as passed from projection_checkpoints
         where name = any($1::text[]) and (transaction_id, global_position) >= ($2::xid8, $3)`,
        [projections, position.transactionId, position.globalPosition],
      );
      if ((rows[0]?.passed ?? 0) >= new Set(projections).size) return true;
      if (Date.now() >= deadline) {
        readModelLag.report(projections);
        return false;
      }
      await sleep(Math.min(delay, Math.max(1, deadline - Date.now())));
      delay = Math.min(delay * 2, 50);
    }
  }
}
