import pg from 'pg';
import { createTestDatabase } from '@app/testing';
import { createPool } from './pool.js';

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
