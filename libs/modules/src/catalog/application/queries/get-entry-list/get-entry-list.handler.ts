import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind, EntryRow } from '../../../catalog-kind.js';
import { CatalogSearchIndexes } from '../../../search/catalog-search-indexes.js';
import { EntryRowReads, searchByIndex } from '../../../search/indexed-search.js';
import { catalogListSql } from '../catalog-list-sql.js';
import { KindCaches, LIST_CACHE_CAPACITY, listCacheKey } from '../catalog-read-cache.js';
import { nextCursor } from '../list-cursor.js';
import { GetEntryList, type EntryListPage, type ListPaging } from './get-entry-list.query.js';

type ListRow = EntryRow & { list_position: number };

@QueryHandler(GetEntryList)
export class GetEntryListHandler implements IQueryHandler<GetEntryList<CatalogEntry, ListPaging>> {
  private readonly caches: KindCaches<string | null>;
  /** Per kind, the search pages' reads of entries by id (batched per turn of the event loop). */
  private readonly rowReads = new Map<string, EntryRowReads>();

  constructor(
    @InjectPool() private readonly pool: Pool,
    private readonly searchIndexes: CatalogSearchIndexes,
  ) {
    this.caches = new KindCaches(pool, LIST_CACHE_CAPACITY);
  }

  private rowReadsOf(kind: CatalogKind): EntryRowReads {
    let reads = this.rowReads.get(kind.name);
    if (!reads) {
      reads = new EntryRowReads(this.pool, kind);
      this.rowReads.set(kind.name, reads);
    }
    return reads;
  }

  async execute({ kind, userId, tab, filters }: GetEntryList<CatalogEntry, ListPaging>) {
    const cache = this.caches.of(kind);
    // A search of the All tab ranks in the process's index when it is loaded and current (else null).
    // Its pages skip the list cache: the index and its kept entries make them as cheaply as a hit.
    const index = this.searchIndexes.of(kind);
    if (index && tab === 'all' && filters.q) {
      const page = await searchByIndex(
        index,
        kind,
        userId,
        { ...filters, filters: kind.listFilters(filters) },
        {
          flags: (user, ids) => cache.flags(user, ids),
          rows: (ids) => this.rowReadsOf(kind).read(ids),
        },
      );
      if (page) {
        return { nextCursor: page.meta, json: page.json } satisfies EntryListPage;
      }
    }
    const key = listCacheKey(tab, userId, filters);
    const { meta, json } = await cache.read(key, userId, async () => {
      const sql = catalogListSql(kind, userId, tab, { ...filters, filters: kind.listFilters(filters) });
      const { rows } = await this.pool.query<ListRow>(preparedStatement(sql.text, sql.values));
      const page = rows.slice(0, filters.limit);
      return {
        entries: page.map((row) => kind.toEntry(row, userId)),
        meta: rows.length > filters.limit ? nextCursor(sql, page.length, page.at(-1)?.list_position) : null,
        revision: rows[0]?.revision ?? null,
      };
    });
    return { nextCursor: meta, json } satisfies EntryListPage;
  }
}
