import pg from 'pg';
import { platformMigrations } from './migrations/index.js';
import { runMigrations, type MigrationSource } from './migrations-runner.js';
import { createPool } from './pool.js';

/** An empty database of its own (not the tests' migrated template): what a first start finds. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  if (!adminUrl) throw new Error('Integration tests must run through the jest "integration" project');
  const name = `${process.env.TEST_RUN_ID}_runner_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database ${name} with (force)`) };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

// Each step fails when run a second time: a table created twice, a unique row inserted twice.
const probe: MigrationSource = {
  name: 'probe',
  migrations: [
    { name: '0001-probe', description: 'probe table', sql: 'create table probe (id int primary key)' },
    { name: '0002-probe-row', description: 'one row', sql: 'insert into probe values (1)' },
  ],
};

describe('runMigrations (real PostgreSQL)', () => {
  it('applies each migration once, in the declared order, when several processes start at the same moment', async () => {
    const db = await emptyDatabase();
    const pool = createPool({ connectionString: db.url, max: 2 });
    try {
      const runs = await Promise.all([
        ...Array.from({ length: 5 }, () => runMigrations(db.url, [platformMigrations, probe])),
        runMigrations(pool, [platformMigrations, probe]),
      ]);
      const applied = runs.flat().map((m) => `${m.source} ${m.name}`);
      expect(applied).toEqual([
        'platform 0001-event-store',
        'platform 0002-projection-checkpoints',
        'platform 0006-email-outbox',
        'platform 0007-read-model-migrations',
        'platform 0015-personal-data-keys',
        'platform 0019-events-by-type',
        'platform 0020-projections-never-append',
        'probe 0001-probe',
        'probe 0002-probe-row',
      ]);
      // One run did all of it; the others found nothing left.
      expect(runs.filter((run) => run.length > 0)).toHaveLength(1);
      expect(await query(db.url, 'select id from probe')).toEqual([{ id: 1 }]);
      const recorded = await query<{ source: string; name: string }>(
        db.url,
        'select source, name from schema_migrations order by applied_at, source, name',
      );
      expect(recorded.map((r) => `${r.source} ${r.name}`)).toEqual(applied);
      expect(await runMigrations(pool, [platformMigrations, probe])).toEqual([]);
    } finally {
      await pool.end();
      await db.drop();
    }
  });

  it('stops at a failing migration with the ones before it applied, and applies it once it is fixed', async () => {
    const db = await emptyDatabase();
    try {
      const broken: MigrationSource = {
        name: 'probe',
        migrations: [
          probe.migrations[0]!,
          // The first statement works, the second fails: the whole step rolls back.
          { name: '0002-probe-row', description: 'one row', sql: 'insert into probe values (1); select 1/0' },
        ],
      };
      await expect(runMigrations(db.url, [broken])).rejects.toThrow(/probe 0002-probe-row failed: division by zero/);
      expect(await query(db.url, 'select id from probe')).toEqual([]);
      expect(await query(db.url, 'select name from schema_migrations')).toEqual([{ name: '0001-probe' }]);
      // The lock went with the failed run: the next one is not kept waiting.
      expect(await runMigrations(db.url, [probe])).toEqual([{ source: 'probe', name: '0002-probe-row' }]);
      expect(await query(db.url, 'select id from probe')).toEqual([{ id: 1 }]);
    } finally {
      await db.drop();
    }
  });

  it('refuses a source listed twice or a migration name repeated, before touching the database', async () => {
    await expect(runMigrations('postgres://nowhere.invalid/x', [probe, probe])).rejects.toThrow(/listed twice/);
    const repeated = { name: 'p', migrations: [probe.migrations[0]!, probe.migrations[0]!] };
    await expect(runMigrations('postgres://nowhere.invalid/x', [repeated])).rejects.toThrow(/listed twice/);
  });

  describe('a database migrated by the two runners before this one', () => {
    const LEGACY_PLATFORM = [
      '0001-event-store',
      '0002-projection-checkpoints',
      '0006-email-outbox',
      '0007-read-model-migrations',
    ];
    /** What the MikroORM migrator and the read-model runner left: their record tables and the tables they made. */
    async function legacyDatabase(mikroOrmNames: string[]) {
      const db = await emptyDatabase();
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        // The platform's migrations of that time (the ones that runner recorded); later ones are new to it.
        for (const migration of platformMigrations.migrations.filter((m) => LEGACY_PLATFORM.includes(m.name)))
          await client.query(migration.sql);
        await client.query(`
          create table mikro_orm_migrations (
            id serial primary key,
            name varchar(255) not null,
            executed_at timestamptz(6) not null default current_timestamp(6)
          );
          create table read_model_migrations (
            projection text not null,
            version integer not null,
            description text not null,
            applied_at timestamptz not null default now(),
            primary key (projection, version)
          );
          create table probe (id int primary key);
          insert into read_model_migrations (projection, version, description) values ('probe-names', 1, 'names');`);
        for (const name of mikroOrmNames)
          await client.query('insert into mikro_orm_migrations (name) values ($1)', [name]);
      } finally {
        await client.end();
      }
      return db;
    }

    it('recognises what they applied, runs none of it again, and drops their record tables', async () => {
      const db = await legacyDatabase([
        '0001-event-store',
        '0002-projection-checkpoints',
        '0003-identity',
        '0006-email-outbox',
        '0007-read-model-migrations',
      ]);
      try {
        const readModel: MigrationSource = {
          name: 'read-model:probe-names',
          migrations: [
            { name: '1', description: 'names', sql: 'create table probe_names (name text)' },
            { name: '2', description: 'more', sql: 'create table probe_more (name text)' },
          ],
        };
        const applied = await runMigrations(db.url, [platformMigrations, readModel]);
        expect(applied).toEqual([
          { source: 'platform', name: '0015-personal-data-keys' },
          { source: 'platform', name: '0019-events-by-type' },
          { source: 'platform', name: '0020-projections-never-append' },
          { source: 'read-model:probe-names', name: '2' },
        ]);
        const recorded = await query<{ source: string; name: string }>(
          db.url,
          'select source, name from schema_migrations order by source, name',
        );
        expect(recorded.map((r) => `${r.source} ${r.name}`)).toEqual([
          'identity 0003-identity',
          'platform 0001-event-store',
          'platform 0002-projection-checkpoints',
          'platform 0006-email-outbox',
          'platform 0007-read-model-migrations',
          'platform 0015-personal-data-keys',
          'platform 0019-events-by-type',
          'platform 0020-projections-never-append',
          'read-model:probe-names 1',
          'read-model:probe-names 2',
        ]);
        const legacy = await query(
          db.url,
          "select to_regclass('mikro_orm_migrations') as mikro, to_regclass('read_model_migrations') as read_models",
        );
        expect(legacy).toEqual([{ mikro: null, read_models: null }]);
      } finally {
        await db.drop();
      }
    });

    it('refuses a record it cannot place and changes nothing', async () => {
      const db = await legacyDatabase(['0001-event-store', '0099-unknown']);
      try {
        await expect(runMigrations(db.url, [platformMigrations])).rejects.toThrow(/"0099-unknown"/);
        const left = await query(
          db.url,
          "select to_regclass('mikro_orm_migrations') is not null as mikro, to_regclass('schema_migrations') is not null as ours",
        );
        expect(left).toEqual([{ mikro: true, ours: false }]);
      } finally {
        await db.drop();
      }
    });
  });
});
