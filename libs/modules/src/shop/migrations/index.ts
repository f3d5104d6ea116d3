import type { MigrationSource } from '@app/platform';
import { shop0016 } from './0016-shop.js';

/** The shop module's write-side tables (its offers list is the shop-offers projection's). */
export const shopMigrations: MigrationSource = { name: 'shop', migrations: [shop0016] };
