import type { MigrationSource } from '../migrations-runner.js';
import { eventStore0001 } from './0001-event-store.js';
import { projectionCheckpoints0002 } from './0002-projection-checkpoints.js';
import { emailOutbox0006 } from './0006-email-outbox.js';
import { readModelMigrations0007 } from './0007-read-model-migrations.js';
import { personalDataKeys0015 } from './0015-personal-data-keys.js';
import { eventsByType0019 } from './0019-events-by-type.js';
import { projectionsNeverAppend0020 } from './0020-projections-never-append.js';

/**
 * The platform's own tables (event log, checkpoints, email outbox), which everything else builds on:
 * they run first. Listed explicitly instead of discovered from disk so that the same list runs from
 * compiled code, from tests and from a bundled image. The numbers skipped belong to modules now
 * (identity, payola, membership, catalog, outreach keep theirs under libs/modules/src/<module>/migrations).
 */
export const platformMigrations: MigrationSource = {
  name: 'platform',
  migrations: [
    eventStore0001,
    projectionCheckpoints0002,
    emailOutbox0006,
    readModelMigrations0007,
    personalDataKeys0015,
    eventsByType0019,
    projectionsNeverAppend0020,
  ],
};
