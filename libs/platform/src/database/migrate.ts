import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import pg from 'pg';
import { migrations } from './migrations/index.js';

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
