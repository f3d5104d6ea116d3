import type { Queryable } from '@app/platform';
import { LOG_START, type LogPosition } from '../log-position.js';

export async function ensureCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query('insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
}

/** Reads a checkpoint and locks its row until the transaction ends, so only one writer moves it. */
export async function lockCheckpoint(db: Queryable, name: string): Promise<LogPosition> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    'select transaction_id::text as transaction_id, global_position from projection_checkpoints where name = $1 for update',
    [name],
  );
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : LOG_START;
}

export async function saveCheckpoint(
  db: Queryable,
  name: string,
  position: LogPosition,
  handled: number,
): Promise<void> {
  const result = await db.query(
    `update projection_checkpoints
     set transaction_id = $2::xid8, global_position = $3, events_processed = events_processed + $4, updated_at = now()
     where name = $1`,
    [name, position.transactionId, position.globalPosition, handled],
  );
  if (result.rowCount !== 1) throw new Error(`Checkpoint "${name}" does not exist; call ensureCheckpoint first`);
}

export interface CheckpointLag {
  name: string;
  position: LogPosition;
  eventsProcessed: number;
  eventsBehind: number;
  secondsBehind: number;
}

const LAG_COUNT_CAP = 10_000_000;

/** How far each named checkpoint is behind the log. */
export async function readLag(db: Queryable, names: readonly string[]): Promise<CheckpointLag[]> {
  const { rows } = await db.query<{
    name: string;
    transaction_id: string;
    global_position: number;
    events_processed: number;
    events_behind: number;
    oldest_pending: Date | null;
  }>(
    `select wanted.name, c.transaction_id::text as transaction_id, c.global_position, c.events_processed,
       (select count(*) from (select 1 from events e
          where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
          limit ${LAG_COUNT_CAP}) pending)::bigint as events_behind,
       (select e.recorded_at from events e
          where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
          order by e.transaction_id, e.global_position limit 1) as oldest_pending
     from unnest($1::text[]) as wanted(name)
     left join projection_checkpoints c using (name)`,
    [names],
  );
  return rows.map((row) => ({
    name: row.name,
    position: { transactionId: row.transaction_id ?? '0', globalPosition: row.global_position ?? 0 },
    eventsProcessed: row.events_processed ?? 0,
    eventsBehind: row.events_behind ?? 0,
    secondsBehind: row.oldest_pending ? Math.max(0, (Date.now() - row.oldest_pending.getTime()) / 1000) : 0,
  }));
}
