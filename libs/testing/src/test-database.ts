import pg from 'pg';
import { createPool, type Pool } from '@app/platform';

export interface TestDatabase {
  url: string;
  pool: Pool;
  close(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file (cloned from this run's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  const runId = process.env.TEST_RUN_ID;
  if (!adminUrl || !runId) throw new Error('Integration tests must run through the jest "integration" project');
  const name = `${runId}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${runId}_template`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = createPool({ connectionString: url.toString(), max: 20, applicationName: 'test' });
  return { url: url.toString(), pool, close: () => pool.end() };
}
