import type { MigrationSource } from '@app/platform';
import { outreach0010 } from './0010-outreach.js';
import { outreach0018 } from './0018-listener-invitations.js';

/** The outreach module's write-side tables: the waitlist, invitation campaigns and links, the milestone recorder's counts. */
export const outreachMigrations: MigrationSource = { name: 'outreach', migrations: [outreach0010, outreach0018] };
