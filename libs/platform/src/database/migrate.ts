import pg from 'pg';

// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_340_001;

/**
 * Brings the database schema up to date. Safe to call from several processes at once: an advisory
 * lock lets one migrate while the others wait.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'payola-migrate' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // Loaded only here: the api and the worker import this library but never migrate, and MikroORM
    // with its query builders is ~450 modules, ~0.3 s of CPU on every start.
    const [{ MikroORM }, { Migrator }, { migrations }] = await Promise.all([
      import('@mikro-orm/postgresql'),
      import('@mikro-orm/migrations'),
      import('./migrations/index.js'),
    ]);
    const orm = await MikroORM.init({
      clientUrl: databaseUrl,
      entities: [],
      discovery: { warnWhenNoEntities: false },
      extensions: [Migrator],
      debug: false,
      logger: () => undefined,
      migrations: { migrationsList: migrations, transactional: true, allOrNothing: true, snapshot: false },
    });
    try {
      const applied = await orm.migrator.up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end();
  }
}
