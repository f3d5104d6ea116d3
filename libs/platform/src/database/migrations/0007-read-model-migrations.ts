import { Migration } from '@mikro-orm/migrations';

/**
 * Read-model tables belong to their projections, which define them as numbered migrations kept
 * with their module; this table records which of those steps the live tables have had.
 */
export class ReadModelMigrations0007 extends Migration {
  override name = '0007-read-model-migrations';

  override up(): void {
    this.addSql(`
      create table read_model_migrations (
        projection text not null,
        version integer not null,
        description text not null,
        applied_at timestamptz not null default now(),
        primary key (projection, version)
      );
    `);
  }
}
