import type { MigrationObject } from '@mikro-orm/core';
import { EventStore0001 } from './0001-event-store.js';
import { ProjectionCheckpoints0002 } from './0002-projection-checkpoints.js';
import { Identity0003 } from './0003-identity.js';
import { Payola0004 } from './0004-payola.js';
import { Membership0005 } from './0005-membership.js';
import { EmailOutbox0006 } from './0006-email-outbox.js';
import { ReadModelMigrations0007 } from './0007-read-model-migrations.js';
import { Catalog0008 } from './0008-catalog.js';
import { Venues0009 } from './0009-venues.js';
import { Outreach0010 } from './0010-outreach.js';
import { Usernames0011 } from './0011-usernames.js';

/**
 * Every migration, in order. Listed explicitly instead of discovered from disk so that the same
 * list runs from compiled code, from tests and from a bundled image. Never edit a landed migration:
 * add a new one.
 */
export const migrations: MigrationObject[] = [
  { name: '0001-event-store', class: EventStore0001 },
  { name: '0002-projection-checkpoints', class: ProjectionCheckpoints0002 },
  { name: '0003-identity', class: Identity0003 },
  { name: '0004-payola', class: Payola0004 },
  { name: '0005-membership', class: Membership0005 },
  { name: '0006-email-outbox', class: EmailOutbox0006 },
  { name: '0007-read-model-migrations', class: ReadModelMigrations0007 },
  { name: '0008-catalog', class: Catalog0008 },
  { name: '0009-venues', class: Venues0009 },
  { name: '0010-outreach', class: Outreach0010 },
  { name: '0011-usernames', class: Usernames0011 },
];
