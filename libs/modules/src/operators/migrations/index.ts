import type { MigrationSource } from '@app/platform';
import { operators0012 } from './0012-operators.js';

/** The operators module's write-side tables: TOTP secrets and hashed recovery codes. */
export const operatorsMigrations: MigrationSource = { name: 'operators', migrations: [operators0012] };
