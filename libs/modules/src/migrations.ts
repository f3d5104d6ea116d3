import { platformMigrations, type MigrationSource } from '@app/platform';
// Each module's migrations folder directly rather than through its index, which loads the module's
// Nest providers, payment and image libraries: migrating (and the integration tests' template,
// built once per run) needs only SQL.
import { catalogMigrations } from './catalog/migrations/index.js';
import { identityMigrations } from './identity/migrations/index.js';
import { membershipMigrations } from './membership/migrations/index.js';
import { operatorsMigrations } from './operators/migrations/index.js';
import { outreachMigrations } from './outreach/migrations/index.js';
import { payolaMigrations } from './payola/migrations/index.js';
import { shopMigrations } from './shop/migrations/index.js';

/**
 * The write-side schema, in the order it is built: the platform's tables (event log, checkpoints,
 * outbox) first, then each module's, in this declared order. Read models come after, from the
 * projections (readModelMigrations in @app/event-store). One list for everything that migrates:
 * `npm run ops -- migrate` (so `npm start` and the compose migrate job), the benches and the
 * integration tests' template database. A module that gets tables adds its source at the end.
 */
export const schemaMigrations: readonly MigrationSource[] = [
  platformMigrations,
  identityMigrations,
  payolaMigrations,
  membershipMigrations,
  catalogMigrations,
  outreachMigrations,
  operatorsMigrations,
  shopMigrations,
];
