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
  /**
   * How long getting a connection may take, waiting for a free one included (pg's
   * connectionTimeoutMillis). 0 or unset: no bound.
   */
  connectTimeoutMs?: number;
  /**
   * The server's statement_timeout; the client gives up QUERY_TIMEOUT_MARGIN_MS later, for a server
   * that cannot cancel anything (stopped, or unreachable). 0 or unset: no bound (replays, migrations).
   */
  statementTimeoutMs?: number;
}

/** How much longer than the server's statement_timeout the client waits for an answer. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * A connection pool. A transaction left idle would hold back the event log's visibility horizon
 * and pause every projector, so the server ends idle transactions after 30 s. (PostgreSQL's default
 * plan_cache_mode stays: forcing generic plans saved the search 0.4 ms a call, which it re-plans each
 * time, but made the All Venues list's generic plan 20 times slower.)
 *
 * Its connections pipeline (pg's `pipeline`): statements issued together on one connection (a
 * `Promise.all`) are sent at once and answered in order, one round trip instead of one each; a projection's
 * batch sends its independent writes, and its COMMIT behind the last of them, that way (consumer-runner.ts).
 * Code that awaits each statement behaves exactly as without it. Each statement still has its own Sync, so
 * one that fails inside a transaction fails those behind it ("current transaction is aborted"), as it would
 * have, and outside one it fails alone.
 *
 * With the timeouts set, a stalled server costs a caller at most connectTimeoutMs to get a connection
 * and statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS per statement, never an unbounded wait; the error
 * it gets is one isDatabaseUnavailable recognises.
 */
export function createPool({
  connectionString,
  max = 10,
  applicationName = 'payola',
  onIdleError,
  connectTimeoutMs = 0,
  statementTimeoutMs = 0,
}: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c idle_in_transaction_session_timeout=30000',
    pipeline: true,
    ...(connectTimeoutMs > 0 ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
      : {}),
  });
  // Without a listener the pool's 'error' event would crash the process; the pool has already
  // dropped the broken connection and opens a new one on the next query.
  pool.on('error', (error) => onIdleError?.(error));
  pool.on('connect', (client) => {
    // A connection that fails while checked out (between two statements of a transaction) emits
    // 'error' with no listener of the pool's attached, which would crash the process; its holder
    // learns of it from the next statement, which fails.
    client.on('error', () => undefined);
  });
  return guardReleases(pool);
}

/**
 * Whether a connection can be handed to the next caller: not when a statement the client gave up on
 * (query_timeout) is still running on it, since whatever the next caller sends would queue behind it,
 * nor when it is inside a transaction, since the next caller's statements would join that one.
 */
function reusable(client: pg.PoolClient): boolean {
  // readyForQuery is pg's own flag, not in its types: false while a statement is outstanding.
  const busy = 'readyForQuery' in client && client.readyForQuery === false;
  return !busy && (client.getTransactionStatus() ?? 'I') === 'I';
}

/** Every connection given back that is not reusable is closed instead (pg-pool closes it when released with an error). */
function guardReleases(pool: pg.Pool): pg.Pool {
  // The callback form of pg-pool's overloaded connect, the one its own query() uses.
  const connect = pool.connect.bind(pool) as (
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) => void;
  const guard = (client: pg.PoolClient): void => {
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) =>
      release(error || (reusable(client) ? undefined : new Error('connection busy or inside a transaction')));
  };
  // pg-pool's own query() goes through connect(callback) and releases through client.release. One
  // function serves both of connect's overloads (callback or promise), which TypeScript cannot check
  // against an overload set: hence the cast to the declared type.
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    const withGuard = (resolve: (client: pg.PoolClient) => void, reject: (error: Error) => void): void =>
      connect((error, client) => {
        if (error || !client) return reject(error ?? new Error('no connection'));
        guard(client);
        resolve(client);
      });
    if (callback) {
      withGuard(
        (client) => callback(undefined, client, (release?: Error | boolean) => client.release(release)),
        (error) => callback(error, undefined, () => undefined),
      );
      return undefined;
    }
    return new Promise<pg.PoolClient>(withGuard);
  }) as pg.Pool['connect'];
  return pool;
}

const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
// SQLSTATEs: statement_timeout, shutting down, starting up, too many connections.
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

/**
 * Whether an error means PostgreSQL did not answer in time or could not be reached (as opposed to a
 * statement that failed): the caller may try again shortly and it will likely work. A connection
 * refused or reset by another dependency (Redis, object storage) looks the same and means the same.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = 'code' in cause ? cause.code : undefined;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    if (typeof code === 'string' && code.startsWith('08')) return true; // connection exceptions
    if (UNAVAILABLE_MESSAGES.some((message) => cause instanceof Error && cause.message.startsWith(message)))
      return true;
  }
  return false;
}

/** Runs `work` in a transaction on one pooled connection; rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // A ROLLBACK would wait behind the statement that did not answer; closing the connection ends
      // the transaction on the server just as well (release(true) closes it instead of pooling it).
      client.release(true);
    } else {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
    throw error;
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
  // pg's query() is a set of overloads (callbacks, cursors); callers of a Queryable use only the
  // (text, values) promise form this one implements.
  return { query } as Queryable;
}
