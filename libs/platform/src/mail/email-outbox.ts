import type pg from 'pg';
import { requestContext, type Logger } from '../logging/logger.js';
import { withTransaction } from '../database/pool.js';
import { singleRow } from '../database/single-row.js';
import { ZEmailMessage, type EmailQueue, type TEmailMessage } from './email-queue.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Writes an email into the outbox inside the caller's transaction: it is sent if and only if the
 * command commits. Returns the outbox id, to relay it right after the commit.
 */
export async function stageEmail(client: Queryable, message: TEmailMessage): Promise<string> {
  const requestId = message.requestId ?? requestContext.requestId();
  const { rows } = await client.query<{ id: string }>('insert into email_outbox (message) values ($1) returning id', [
    JSON.stringify(ZEmailMessage.parse(requestId === undefined ? message : { ...message, requestId })),
  ]);
  return singleRow(rows).id;
}

/**
 * Drops the staged emails not yet relayed to any of these addresses (lower-case), inside the caller's
 * transaction: an erased member's unsent mail goes with them (identity's EraseAccount).
 */
export async function dropStagedEmailsTo(client: Queryable, addresses: readonly string[]): Promise<void> {
  await client.query(`delete from email_outbox where lower(message ->> 'to') = any($1::text[])`, [addresses]);
}

/**
 * Moves staged emails onto the email queue. The api relays its own email right after commit (the
 * fast path); the worker relays whatever is left on a timer (after a Redis outage, say). A row is
 * deleted in the transaction that enqueued it, and the job id is the outbox id, so two relays of
 * one row, or a commit lost after the enqueue, still queue the email only once.
 */
export class EmailOutbox {
  constructor(
    private readonly pool: pg.Pool,
    private readonly queue: EmailQueue,
  ) {}

  /** Relays the given rows, or (no ids) up to `limit` of the oldest. Returns how many were queued. */
  async relay(ids?: readonly string[], limit = 100): Promise<number> {
    return withTransaction(this.pool, async (client) => {
      const { rows } = await client.query<{ id: string; message: TEmailMessage }>(
        `delete from email_outbox where id in (
           select id from email_outbox where ($1::bigint[] is null or id = any($1)) order by id
           limit $2 for update skip locked
         ) returning id, message`,
        [ids ?? null, limit],
      );
      // Enqueue before the delete commits: if Redis fails, the rollback keeps the rows for later.
      for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
        await this.queue.send(row.message, { jobId: `outbox-${row.id}` });
      }
      return rows.length;
    });
  }

  /** The fast path after a commit: never fails the request, the worker's relay catches up. */
  async relaySoon(ids: readonly string[], logger: Pick<Logger, 'warn'>): Promise<void> {
    try {
      await this.relay(ids);
    } catch (error) {
      logger.warn({ err: error, outboxIds: ids }, 'email kept in the outbox; the worker will send it');
    }
  }

  async pending(): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('select count(*) from email_outbox');
    return Number(singleRow(rows).count);
  }
}
