import type { MigrationSource } from '@app/platform';
import { outreach0010 } from './0010-outreach.js';

/** The outreach module's write-side tables: the waitlist, invitation campaigns, the milestone recorder's counts. */
export const outreachMigrations: MigrationSource = { name: 'outreach', migrations: [outreach0010] };
