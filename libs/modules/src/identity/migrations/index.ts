import type { MigrationSource } from '@app/platform';
import { identity0003 } from './0003-identity.js';
import { usernames0011 } from './0011-usernames.js';

/** The identity module's write-side tables (its read model, users, is the users projection's). */
export const identityMigrations: MigrationSource = { name: 'identity', migrations: [identity0003, usernames0011] };
