import type { MigrationSource } from '@app/platform';
import { membership0005 } from './0005-membership.js';

/** The membership module's write-side tables: payments, webhook deliveries, founding fans, identity checks. */
export const membershipMigrations: MigrationSource = { name: 'membership', migrations: [membership0005] };
