import { withTransaction, type Pool, type Queryable } from '@app/platform';
import type { Projection } from './log-consumer.js';

/** One step of a projection's table definitions. Versions start at 1 and have no gaps. */
export interface ReadModelMigration {
  readonly version: number;
  /** Why this step exists, for the operator reading `read_model_migrations`. */
  readonly description: string;
  /** Statements with unqualified table names; they run in whatever schema search_path names first. */
  readonly sql: string;
}

function checkOrder(projection: Projection): void {
  projection.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`${projection.name}: read-model migration ${index + 1} has version ${migration.version}`);
    }
  });
}

/**
 * Brings a projection's live tables up to its latest migration, each step once, in a transaction
 * that also records it in `read_model_migrations`. Several processes may call it at once: a
 * transaction-scoped advisory lock on the projection's name lets one apply while the others wait.
 */
export async function migrateReadModel(pool: Pool, projection: Projection): Promise<number[]> {
  checkOrder(projection);
  return withTransaction(pool, async (client) => {
    await client.query("select pg_advisory_xact_lock(hashtext('read-model:' || $1))", [projection.name]);
    const { rows } = await client.query<{ version: number }>(
      'select coalesce(max(version), 0)::int as version from read_model_migrations where projection = $1',
      [projection.name],
    );
    const current = rows[0]?.version ?? 0;
    const applied: number[] = [];
    for (const migration of projection.migrations.slice(current)) {
      await client.query(migration.sql);
      await client.query('insert into read_model_migrations (projection, version, description) values ($1, $2, $3)', [
        projection.name,
        migration.version,
        migration.description,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}

export async function migrateReadModels(pool: Pool, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) await migrateReadModel(pool, projection);
}

/** Builds a projection's tables from every migration in the current schema (replay and verify scratch). */
export async function createReadModelTables(db: Queryable, projection: Projection): Promise<void> {
  checkOrder(projection);
  for (const migration of projection.migrations) await db.query(migration.sql);
}
