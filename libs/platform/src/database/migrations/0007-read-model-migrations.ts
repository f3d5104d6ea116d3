import type { Migration } from '../migrations-runner.js';

/**
 * Once created `read_model_migrations`, where each projection's read-model steps were recorded.
 * schema_migrations records them now (docs/adr/0005-one-migration-runner.md): the runner moves an
 * older database's records there and drops the table, and a new database never gets it. Kept, empty,
 * under its name so that every database has the same list of applied migrations.
 */
export const readModelMigrations0007: Migration = {
  name: '0007-read-model-migrations',
  description: 'superseded: read-model steps are recorded in schema_migrations',
  sql: 'select 1',
};
