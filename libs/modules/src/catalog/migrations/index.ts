import type { MigrationSource } from '@app/platform';
import { catalog0008 } from './0008-catalog.js';
import { venues0009 } from './0009-venues.js';

/** The catalogue's write-side uniqueness tables, and pg_trgm, which its read models search with. */
export const catalogMigrations: MigrationSource = { name: 'catalog', migrations: [catalog0008, venues0009] };
