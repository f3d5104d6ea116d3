import pg from 'pg';
import { createTestDatabase, startTcpProxy } from '@app/testing';
import { createPool, isDatabaseUnavailable, QUERY_TIMEOUT_MARGIN_MS, withTransaction } from './pool.js';

describe('createPool', () => {
  it('survives an idle connection being killed, reports it and reconnects', async () => {
    const db = await createTestDatabase();
    const errors: Error[] = [];
    const pool = createPool({ connectionString: db.url, max: 1, onIdleError: (error) => errors.push(error) });
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors).toHaveLength(1);
      const again = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await pool.end();
      await db.close();
    }
  });
});

describe('createPool with bounds', () => {
  it('has the server cancel a statement past statementTimeoutMs, and keeps the connection', async () => {
    const db = await createTestDatabase();
    const pool = createPool({ connectionString: db.url, max: 1, statementTimeoutMs: 200 });
    try {
      const before = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const error = await pool.query('select pg_sleep(5)').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      // A statement that failed is not a database that is down.
      expect(isDatabaseUnavailable(await pool.query('select 1/0').catch((e: unknown) => e))).toBe(false);
      const after = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(after.rows[0]!.pid).toBeGreaterThan(0);
      expect(before.rows).toHaveLength(1);
    } finally {
      await pool.end();
      await db.close();
    }
  });

  it('closes a connection given back inside a transaction instead of handing it to the next caller', async () => {
    const db = await createTestDatabase();
    const pool = createPool({ connectionString: db.url, max: 1 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await client.query('begin');
      client.release();
      const next = await pool.connect();
      try {
        const again = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
        expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
      } finally {
        next.release();
      }
    } finally {
      await pool.end();
      await db.close();
    }
  });

  it('gives up on a server that does not answer, never reuses the stuck connection, and works again after', async () => {
    const db = await createTestDatabase();
    const target = new URL(db.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const pool = createPool({
      connectionString: proxy.via(db.url),
      max: 3,
      connectTimeoutMs: 500,
      statementTimeoutMs: 300,
    });
    const elapsed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      const error = await work().then(
        () => undefined,
        (e: unknown) => e,
      );
      return { error, ms: performance.now() - started };
    };
    try {
      await pool.query('create table stall_test (id int)');
      const careless = await pool.connect();
      await careless.query('begin');
      await pool.query('select 1'); // a second open connection, idle in the pool
      proxy.freeze();
      // An open connection: the client's bound (statement timeout + margin).
      const statement = await elapsed(() => pool.query('select 1'));
      expect(isDatabaseUnavailable(statement.error)).toBe(true);
      expect(statement.ms).toBeLessThan(300 + QUERY_TIMEOUT_MARGIN_MS + 500);
      // A new connection: the connect bound. The transaction gives its connection up without waiting on a ROLLBACK.
      const transaction = await elapsed(() =>
        withTransaction(pool, (client) => client.query('insert into stall_test values (1)')),
      );
      expect(isDatabaseUnavailable(transaction.error)).toBe(true);
      expect(transaction.ms).toBeLessThan(500 + 500);
      // Given back with its statement still running and its transaction open, as code that ignores the error would.
      const stuck = await elapsed(() => careless.query('insert into stall_test values (1)'));
      expect(isDatabaseUnavailable(stuck.error)).toBe(true);
      careless.release();
    } finally {
      proxy.thaw();
    }
    try {
      // Nobody was handed the stuck connection; its insert never committed.
      await pool.query('insert into stall_test values (2)');
      const { rows } = await pool.query<{ id: number }>('select id from stall_test order by id');
      expect(rows.map((r) => r.id)).toEqual([2]);
      const { rows: open } = await pool.query<{ count: number }>(
        "select count(*)::int as count from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
      );
      expect(open[0]!.count).toBe(0);
    } finally {
      await pool.end();
      await proxy.close();
      await db.close();
    }
  });
});
