import pg from 'pg';
import { preparedStatement, type Queryable } from '@app/platform';
import { LOG_START, type LogPosition } from '../log-position.js';

export async function ensureCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query('insert into projection_checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
}

/** The advisory lock that a consumer's checkpoint moves under (one per name; it gives no xid). */
export function checkpointLockSql(name: string): string {
  return `select pg_advisory_xact_lock(hashtextextended('checkpoint:' || ${pg.escapeLiteral(name)}, 0))`;
}

/**
 * Reads a checkpoint and holds its consumer's lock until the transaction ends, so no live runner moves
 * it meanwhile (a replay's swap, a verify's comparison).
 *
 * The lock is a transaction-level advisory lock, not `select ... for update`: a row lock gives the
 * transaction an xid from its first statement, and readers see an event only once every older xid has
 * ended (pg_snapshot_xmin), so a whole pass held back every other consumer's view of the events appended
 * meanwhile. The read comes in a statement of its own after the lock, so it sees what the previous
 * holder committed.
 */
export async function lockCheckpoint(db: Queryable, name: string): Promise<LogPosition> {
  await db.query(checkpointLockSql(name));
  return readCheckpoint(db, name);
}

export async function readCheckpoint(db: Queryable, name: string): Promise<LogPosition> {
  const { rows } = await db.query<{ transaction_id: string; global_position: number }>(
    'select transaction_id::text as transaction_id, global_position from projection_checkpoints where name = $1',
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

/**
 * Moves a checkpoint from `from` to `to` only if it still stands at `from`: false when something else
 * moved it meanwhile (another instance, a replay's swap), and the caller then reads it again. PostgreSQL
 * checks the condition on the row's newest version, after waiting for any transaction that holds it.
 */
export async function moveCheckpoint(
  db: Queryable,
  name: string,
  from: LogPosition,
  to: LogPosition,
  handled: number,
): Promise<boolean> {
  const result = await db.query(
    preparedStatement(
      `update projection_checkpoints
     set transaction_id = $4::xid8, global_position = $5, events_processed = events_processed + $6, updated_at = now()
     where name = $1 and transaction_id = $2::xid8 and global_position = $3`,
      [name, from.transactionId, from.globalPosition, to.transactionId, to.globalPosition, handled],
    ),
  );
  return result.rowCount === 1;
}

/**
 * `moveCheckpoint` for a stretch of the log with none of the consumer's events, in one round trip and
 * without waiting for the disk: nothing derived changes, and a crash that loses the move only means
 * reading that stretch again. The values are inlined (one simple-protocol query carries the whole
 * transaction); positions are checked to be digits first.
 */
export async function skipCheckpoint(
  db: Queryable,
  name: string,
  from: LogPosition,
  to: LogPosition,
): Promise<boolean> {
  const positions = [from.transactionId, String(from.globalPosition), to.transactionId, String(to.globalPosition)];
  if (!positions.every((value) => /^\d+$/.test(value))) throw new Error(`Not a log position: ${positions.join(', ')}`);
  const [fromTx, fromPosition, toTx, toPosition] = positions;
  const results = (await db.query(
    `begin; set local synchronous_commit to off;
     update projection_checkpoints
     set transaction_id = '${toTx}'::xid8, global_position = ${toPosition}, updated_at = now()
     where name = ${pg.escapeLiteral(name)} and transaction_id = '${fromTx}'::xid8 and global_position = ${fromPosition};
     commit`,
  )) as unknown as pg.QueryResult[];
  return results[2]?.rowCount === 1;
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
