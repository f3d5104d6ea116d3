import { createHash } from 'node:crypto';
import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: a pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

// BIGINT (int8) values in this schema are positions and counts that stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PoolOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
  /** Told when an idle pooled connection fails (a PostgreSQL restart, an administrator's kill). */
  onIdleError?: (error: Error) => void;
}

/**
 * A connection pool. A transaction left idle would hold back the event log's visibility horizon
 * and pause every projector, so the server ends idle transactions after 30 s. (PostgreSQL's default
 * plan_cache_mode stays: forcing generic plans saved the search 0.4 ms a call, which it re-plans each
 * time, but made the All Venues list's generic plan 20 times slower.)
 */
export function createPool({
  connectionString,
  max = 10,
  applicationName = 'payola',
  onIdleError,
}: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c idle_in_transaction_session_timeout=30000',
  });
  // Without a listener the pool's 'error' event would crash the process; the pool has already
  // dropped the broken connection and opens a new one on the next query.
  pool.on('error', (error) => onIdleError?.(error));
  return pool;
}

/** Runs `work` in a transaction on one pooled connection; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 500;

/**
 * A read that runs on every page view, as a named prepared statement: each pooled connection parses
 * and plans it once, then only binds values. For the catalogue's lists PostgreSQL spends ~1 ms planning
 * and ~0.3 ms executing, so this is most of a request's database time. The name is derived from the
 * text; past MAX_STATEMENT_NAMES distinct texts (a bug, not a workload) statements run unnamed.
 */
export function preparedStatement(text: string, values: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_STATEMENT_NAMES) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values: [...values] };
}

/**
 * The same connection, running every query as a named prepared statement (preparedStatement): for a
 * projection whose handful of statements run hundreds of thousands of times in a replay.
 */
export function preparing(db: Queryable): Queryable {
  const query = (text: string, values?: readonly unknown[]) => db.query(preparedStatement(text, values ?? []));
  return { query } as Queryable;
}
