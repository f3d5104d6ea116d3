import { Query } from '@nestjs/cqrs';
import type { CatalogEntry, CatalogKind, EntryRow } from '../../../catalog-kind.js';
import type { CatalogTab } from '../catalog-list-sql.js';

/** What every kind's list query has besides its own filters. */
export interface ListPaging {
  q?: string;
  cursor?: string;
  limit: number;
}

/** A page as the api answers it: the JSON is all it sends (the entries as objects are never needed). */
export interface EntryListPage {
  /** Null on the last page. */
  nextCursor: string | null;
  /** The entries as the JSON array the API answers with, UTF-8 (mostly the read cache's kept bytes). */
  json: () => Buffer;
}

/**
 * One page of a tab (docs/product.md §2 Artists, Venues): 'all' the public entries, 'my' those the user added (or
 * verified, confirmed), 'favorites' the user's favourites; newest first, or best match first when searching.
 */
export class GetEntryList<T extends CatalogEntry, F extends ListPaging> extends Query<EntryListPage> {
  constructor(
    readonly kind: CatalogKind<T, EntryRow, F>,
    readonly userId: string,
    readonly tab: CatalogTab,
    readonly filters: F,
  ) {
    super();
  }
}
