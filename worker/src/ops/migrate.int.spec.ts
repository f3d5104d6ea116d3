import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { schemaMigrations } from '@app/modules/migrations';
import { adminQuery, databaseUrl } from '../../../deploy/local/services.mjs';
import { projections } from '../log-consumers.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

/** `npm run ops -- migrate` as an operator runs it (the built CLI). */
async function opsMigrate(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'migrate'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a user of the schema can tell apart: tables and columns, constraints, indexes, functions, triggers, extensions. */
async function schemaOf(url: string): Promise<Record<string, string[]>> {
  const lines = async (client: pg.Client, sql: string) =>
    (await client.query<{ line: string }>(sql)).rows.map((row) => row.line);
  return withClient(url, async (client) => ({
    columns: await lines(
      client,
      `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
       from information_schema.columns where table_schema = 'public' order by 1`,
    ),
    constraints: await lines(
      client,
      `select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace = 'public'::regnamespace order by 1`,
    ),
    indexes: await lines(client, `select indexdef as line from pg_indexes where schemaname = 'public' order by 1`),
    functions: await lines(
      client,
      `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as line from pg_proc p
       where p.pronamespace = 'public'::regnamespace
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`,
    ),
    triggers: await lines(
      client,
      `select tgrelid::regclass || ' ' || tgname as line from pg_trigger where not tgisinternal order by 1`,
    ),
    extensions: await lines(client, `select extname as line from pg_extension order by 1`),
  }));
}

/**
 * What the runners before this one left: the MikroORM migrator applied 0001..0011 in number order,
 * recording them in mikro_orm_migrations; 0007 created read_model_migrations, where the read-model
 * runner recorded each projection's steps.
 */
/** The old runners knew these; later ones (0012-operators, ...) came with the one runner. */
const knewBefore = (name: string): boolean => Number(name.slice(0, 4)) <= 11;

async function migrateAsBefore(url: string): Promise<void> {
  const inNumberOrder = schemaMigrations
    .flatMap((source) => source.migrations)
    .filter((migration) => knewBefore(migration.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  await withClient(url, async (client) => {
    await client.query(`create table mikro_orm_migrations (
      id serial primary key, name varchar(255) not null, executed_at timestamptz(6) not null default current_timestamp(6))`);
    for (const migration of inNumberOrder) {
      await client.query(
        migration.name === '0007-read-model-migrations'
          ? `create table read_model_migrations (projection text not null, version integer not null,
               description text not null, applied_at timestamptz not null default now(), primary key (projection, version))`
          : migration.sql,
      );
      await client.query('insert into mikro_orm_migrations (name) values ($1)', [migration.name]);
    }
    for (const projection of projections) {
      for (const migration of projection.migrations) {
        await client.query(migration.sql);
        await client.query('insert into read_model_migrations (projection, version, description) values ($1, $2, $3)', [
          projection.name,
          migration.version,
          migration.description,
        ]);
      }
    }
  });
}

describe('ops migrate: one runner for the platform, the modules and the read models', () => {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL!;
  const names = ['fresh', 'upgraded'].map((kind) => `${process.env.TEST_RUN_ID}_ops_${kind}_${process.pid}`);
  const [freshUrl, upgradedUrl] = names.map((name) => databaseUrl(adminUrl, name));

  beforeAll(async () => {
    for (const name of names) await adminQuery(adminUrl, `create database ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  it('builds an empty database platform first, then the modules in their declared order, then the read models', async () => {
    const output = await opsMigrate(freshUrl!);
    const applied = output
      .replace(/^Applied migrations: /, '')
      .trim()
      .split(', ');
    const sources = [...new Set(applied.map((entry) => entry.split(' ')[0]))];
    expect(sources).toEqual([
      'platform',
      'identity',
      'payola',
      'membership',
      'catalog',
      'outreach',
      'operators',
      'shop',
      ...projections.filter((p) => p.migrations.length > 0).map((p) => `read-model:${p.name}`),
    ]);
    expect(applied).toContain('platform 0001-event-store');
    expect(applied).toContain('identity 0011-usernames');
    expect(await opsMigrate(freshUrl!)).toContain('Database is up to date');
  });

  it('upgrades a database the old runners migrated without running anything again, to the same schema as a fresh one', async () => {
    await migrateAsBefore(upgradedUrl!);
    // Nothing the old runners applied runs again; only what came after them does.
    const later = schemaMigrations.flatMap((source) =>
      source.migrations.filter((migration) => !knewBefore(migration.name)).map((m) => `${source.name} ${m.name}`),
    );
    expect(later.length).toBeGreaterThan(0);
    expect(await opsMigrate(upgradedUrl!)).toBe(`Applied migrations: ${later.join(', ')}\n`);
    expect(await opsMigrate(upgradedUrl!)).toContain('Database is up to date');
    const [fresh, upgraded] = await Promise.all([schemaOf(freshUrl!), schemaOf(upgradedUrl!)]);
    expect(upgraded).toEqual(fresh);
    expect(fresh.columns).toContain('schema_migrations.source text NO ');
    expect(fresh.columns.some((line) => line.startsWith('mikro_orm_migrations.'))).toBe(false);
    expect(fresh.indexes.length).toBeGreaterThan(10);
  });
});
