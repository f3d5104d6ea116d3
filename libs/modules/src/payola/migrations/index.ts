import type { MigrationSource } from '@app/platform';
import { payola0004 } from './0004-payola.js';

/** The payola module's write-side tables (its ledger is the payola-ledger projection's). */
export const payolaMigrations: MigrationSource = { name: 'payola', migrations: [payola0004] };
