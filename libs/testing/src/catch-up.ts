import { setTimeout as sleep } from 'node:timers/promises';
import { ConsumerRunner, ProjectionWaiter, type LogConsumer } from '@app/event-store';
import { createLogger, type Pool } from '@app/platform';

/**
 * Runs the consumers until every one has passed the last appended event, including events their
 * own reactors append. (A single catch-up pass can stop early while a transaction elsewhere on the
 * server holds the log's visibility horizon back.)
 */
export async function projectAll(
  pool: Pool,
  databaseUrl: string,
  consumers: readonly LogConsumer[],
  timeoutMs = 15_000,
) {
  const runners = consumers.map(
    (consumer) =>
      new ConsumerRunner(pool, consumer, {
        databaseUrl,
        batchSize: 100,
        pollIntervalMs: 60_000,
        logger: createLogger('test', 'silent'),
      }),
  );
  const waiter = new ProjectionWaiter(pool);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const runner of runners) await runner.catchUp();
    const { rows } = await pool.query<{ tx: string; pos: number }>(
      `select transaction_id::text as tx, global_position as pos from events
       order by events.transaction_id desc, events.global_position desc limit 1`,
    );
    const last = rows[0];
    if (!last) return;
    const names = consumers.map((c) => c.name);
    if (await waiter.waitFor({ transactionId: last.tx, globalPosition: last.pos }, names, 0)) return;
    if (Date.now() > deadline) throw new Error('consumers did not catch up with the log in time');
    await sleep(20);
  }
}
