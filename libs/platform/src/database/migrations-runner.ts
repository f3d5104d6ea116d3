import pg from 'pg';
import { adoptLegacyRecords } from './legacy-migration-records.js';

/** One schema step: SQL run once, in a transaction that also records it. Never edit a landed one: add one. */
export interface Migration {
  /** Stable: it is what `schema_migrations` records, so renaming a landed migration runs it again. */
  readonly name: string;
  /** Why this step exists, for the operator reading `schema_migrations`. */
  readonly description: string;
  /** One or more statements, without parameters. */
  readonly sql: string;
}

/** The migrations of one owner (the platform, a module, a projection's read model), in the order they run. */
export interface MigrationSource {
  /** Unique among the sources run together; recorded with each migration. */
  readonly name: string;
  readonly migrations: readonly Migration[];
}

export interface AppliedMigration {
  source: string;
  name: string;
}

// Any constant works; it only has to be the same for every process that migrates this database
// (the MikroORM-based runner before this one took the same key).
const MIGRATION_LOCK_KEY = 7_340_001;

const CREATE_RECORDS = `
  create table if not exists schema_migrations (
    source text not null,
    name text not null,
    description text not null default '',
    applied_at timestamptz not null default now(),
    primary key (source, name)
  )`;

function checkSources(sources: readonly MigrationSource[]): void {
  const seen = new Set<string>();
  for (const source of sources) {
    if (seen.has(source.name)) throw new Error(`migration source "${source.name}" is listed twice`);
    seen.add(source.name);
    const names = new Set<string>();
    for (const migration of source.migrations) {
      if (names.has(migration.name)) throw new Error(`${source.name}: migration "${migration.name}" is listed twice`);
      names.add(migration.name);
    }
  }
}

async function inTransaction<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * Brings the database up to date with `sources`: every migration not yet recorded in
 * `schema_migrations` runs, source by source in the order given and each source's in its own order,
 * each in a transaction of its own that also records it, so a failure leaves the steps before it
 * applied and recorded. Safe to call from several processes at once: a session advisory lock lets one
 * migrate while the others wait, then find nothing left to do. Answers what it applied.
 *
 * `db` is a connection string (a connection of its own) or a pool (one of its connections, held
 * for the run).
 */
export async function runMigrations(
  db: string | pg.Pool,
  sources: readonly MigrationSource[],
): Promise<AppliedMigration[]> {
  checkSources(sources);
  let client: pg.ClientBase;
  let done: () => Promise<void> | void;
  if (typeof db === 'string') {
    const own = new pg.Client({ connectionString: db, application_name: 'payola-migrate' });
    await own.connect();
    client = own;
    done = () => own.end();
  } else {
    const pooled = await db.connect();
    client = pooled;
    done = () => pooled.release();
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await inTransaction(client, async () => {
        await client.query(CREATE_RECORDS);
        await adoptLegacyRecords(client);
      });
      const { rows } = await client.query<{ source: string; name: string }>(
        'select source, name from schema_migrations',
      );
      const recorded = new Set(rows.map((row) => `${row.source}\u0000${row.name}`));
      const applied: AppliedMigration[] = [];
      for (const source of sources) {
        for (const migration of source.migrations) {
          if (recorded.has(`${source.name}\u0000${migration.name}`)) continue;
          await inTransaction(client, async () => {
            await client.query(migration.sql);
            await client.query('insert into schema_migrations (source, name, description) values ($1, $2, $3)', [
              source.name,
              migration.name,
              migration.description,
            ]);
          }).catch((error: unknown) => {
            throw new Error(
              `migration ${source.name} ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`,
              {
                cause: error,
              },
            );
          });
          applied.push({ source: source.name, name: migration.name });
        }
      }
      return applied;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await done();
  }
}
