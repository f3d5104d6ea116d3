import { runMigrations, type MigrationSource, type Pool, type Queryable } from '@app/platform';
import type { Projection } from './log-consumer.js';

export type { ReadModelMigration } from './read-model-migration.js';

function checkOrder(projection: Projection): void {
  projection.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`${projection.name}: read-model migration ${index + 1} has version ${migration.version}`);
    }
  });
}

/**
 * A projection's read-model steps as the migration runner takes them: source `read-model:<name>`,
 * each step named by its version. They run after the platform's and the modules' migrations (the
 * read models use what those create, pg_trgm for one) and are recorded in `schema_migrations` with them.
 */
export function readModelMigrations(projection: Projection): MigrationSource {
  checkOrder(projection);
  return {
    name: `read-model:${projection.name}`,
    migrations: projection.migrations.map((migration) => ({
      name: String(migration.version),
      description: migration.description,
      sql: migration.sql,
    })),
  };
}

/**
 * Brings a projection's live tables up to its latest migration, each step once, through the one
 * migration runner (its lock lets one process apply while others starting at the same time wait).
 * Answers the versions it applied.
 */
export async function migrateReadModel(pool: Pool, projection: Projection): Promise<number[]> {
  const applied = await runMigrations(pool, [readModelMigrations(projection)]);
  return applied.map((migration) => Number(migration.name));
}

/** The live tables of every projection given, in that order (the worker's start-up, tests). */
export async function migrateReadModels(pool: Pool, projections: readonly Projection[]): Promise<void> {
  await runMigrations(pool, projections.map(readModelMigrations));
}

/** Builds a projection's tables from every migration in the current schema (replay and verify scratch). */
export async function createReadModelTables(db: Queryable, projection: Projection): Promise<void> {
  checkOrder(projection);
  for (const migration of projection.migrations) await db.query(migration.sql);
}
