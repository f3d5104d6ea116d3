import pg from 'pg';
import { runMigrations } from '@app/platform';
import { schemaMigrations } from '@app/modules/migrations';

/** The same server, another database (as deploy/local/services.mjs does). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(serverUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: 'payola-bench-admin' });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  /** Drops the database (terminating any session still in it); safe to call more than once. */
  drop(): Promise<void>;
}

/** Creates a fresh, migrated database on the server; the caller drops it when done (also on failure). */
export async function createBenchDatabase(serverUrl: string, suffix = ''): Promise<BenchDatabase> {
  // The suffix tells apart two databases of one run made in the same second.
  const name = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}${suffix}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  let dropped: Promise<void> | null = null;
  const database: BenchDatabase = {
    name,
    url: databaseUrl(serverUrl, name),
    drop() {
      dropped ??= adminQuery(serverUrl, `drop database if exists "${name}" with (force)`).then(() => undefined);
      return dropped;
    },
  };
  try {
    await runMigrations(database.url, schemaMigrations);
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
  return database;
}

export async function serverDescription(serverUrl: string): Promise<Record<string, string>> {
  const rows = await adminQuery<{ name: string; setting: string }>(
    serverUrl,
    `select name, current_setting(name) as setting from pg_settings
     where name in ('server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'max_wal_size', 'autovacuum')`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}
