import type { MigrationSource } from '@app/platform';
import { catalog0008 } from './0008-catalog.js';
import { venues0009 } from './0009-venues.js';
import { merges0013 } from './0013-merges.js';

/** The catalogue's write-side uniqueness tables, and pg_trgm, which its read models search with. */
export const catalogMigrations: MigrationSource = {
  name: 'catalog',
  migrations: [catalog0008, venues0009, merges0013],
};
