import pg from 'pg';
import type { Queryable } from '@app/platform';
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

/** A checkpoint's name and positions as SQL literals, for statements sent with others in one round trip. */
function literals(name: string, ...positions: LogPosition[]): { name: string; positions: string[] } {
  const values = positions.flatMap((p) => [p.transactionId, String(p.globalPosition)]);
  if (!values.every((value) => /^\d+$/.test(value))) throw new Error(`Not a log position: ${values.join(', ')}`);
  return { name: pg.escapeLiteral(name), positions: values };
}

/**
 * A batch's start, in one round trip: BEGIN, the statements `setup` names (the transaction's settings),
 * the checkpoint's lock, then where the checkpoint stands under that lock, with the transaction's id when
 * `withTransactionId` (which assigns it now). The read is a statement of its own after the lock, so it
 * sees what the previous holder committed. The last result's row is the checkpoint.
 */
export function beginBatchSql(name: string, setup: readonly string[], withTransactionId: boolean): string {
  const xid = withTransactionId ? ', pg_current_xact_id()::text as xid' : '';
  return [
    'BEGIN',
    ...setup,
    checkpointLockSql(name),
    `select transaction_id::text as transaction_id, global_position${xid}
     from projection_checkpoints where name = ${literals(name).name}`,
  ].join('; ');
}

/**
 * A batch's end, in one round trip: the checkpoint's move to `to` and COMMIT. The caller holds the
 * checkpoint's lock and found it at the batch's start (beginBatchSql), so the move needs no condition:
 * a replay or a verify waits for the lock, and another instance's skip (skipCheckpoint, without the lock)
 * can only have moved it across a stretch with none of the consumer's events, short of this batch's.
 * The values are inlined (a simple-protocol query carries both statements); positions are checked to be
 * digits first. If the update fails, the COMMIT is not run and the caller rolls back.
 */
export function moveCheckpointAndCommitSql(name: string, to: LogPosition, handled: number): string {
  if (!Number.isInteger(handled) || handled < 0) throw new Error(`Not a count of events: ${handled}`);
  const { name: literal, positions } = literals(name, to);
  const [toTx, toPosition] = positions;
  return `update projection_checkpoints
     set transaction_id = '${toTx}'::xid8, global_position = ${toPosition},
         events_processed = events_processed + ${handled}, updated_at = now()
     where name = ${literal};
     COMMIT`;
}

/**
 * A checkpoint's move for a stretch of the log with none of the consumer's events, in one round trip and
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
  const { name: literal, positions } = literals(name, from, to);
  const [fromTx, fromPosition, toTx, toPosition] = positions;
  const results = (await db.query(
    `begin; set local synchronous_commit to off;
     update projection_checkpoints
     set transaction_id = '${toTx}'::xid8, global_position = ${toPosition}, updated_at = now()
     where name = ${literal} and transaction_id = '${fromTx}'::xid8 and global_position = ${fromPosition};
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
