import { foldName, wordQuery } from '@app/domain';
import { preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind, EntryRow } from '../catalog-kind.js';
import type { LoadedRead } from '../application/queries/catalog-read-cache.js';
import { parseCursor } from '../application/queries/list-cursor.js';
import type { CatalogSearchIndex } from './catalog-search-index.js';

export interface IndexedSearchQuery {
  q?: string;
  cursor?: string;
  limit: number;
  /** The kind's filters as (column, value) equalities (kind.listFilters). */
  filters: [column: string, value: string | undefined][];
}

/** How often a search catches the index up with a moving catalogue before it leaves the page to SQL. */
const ATTEMPTS = 3;

type FetchedRow = EntryRow & { table_oid: string | null };

/**
 * A page of the All tab's search from the process's index: the index ranks (as the search statement
 * would), and one statement reads the page's rows by id with the asker's flags and the catalogue's
 * revision. The page is used only if that revision is the one the index answers for (else the index
 * catches up and ranks again), so it is exactly what the search statement would have read. Null: no
 * index yet, or the catalogue kept moving; the caller then runs the search statement.
 */
export async function searchByIndex(
  pool: Pool,
  search: CatalogSearchIndex,
  kind: Pick<CatalogKind, 'tables' | 'columns' | 'toEntry'>,
  userId: string,
  query: IndexedSearchQuery,
): Promise<LoadedRead<CatalogEntry, string | null> | null> {
  const cursor = parseCursor(query.cursor);
  const offset = cursor?.kind === 'offset' ? cursor.offset : 0;
  const { words } = wordQuery(query.q ?? '');
  const filters: [number, string][] = [];
  for (const [column, value] of query.filters) {
    if (!value) continue;
    const at = search.kind.filterColumns.indexOf(column);
    if (at < 0) return null;
    filters.push([at, value]);
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = search.ready();
    if (!current) return null;
    const { state } = current;
    const ids = current.index.rank({ words, folded: foldName(query.q ?? ''), filters, offset, limit: query.limit });
    const { rows } = await pool.query<FetchedRow>(
      preparedStatement(
        `select ${kind.columns}, to_regclass($3)::oid::text as table_oid
         from (select 1) one left join ${kind.tables}s e on e.id = any($2::text[])`,
        [userId, ids, `${kind.tables}s`],
      ),
    );
    const first = rows[0];
    if (!first) return null;
    if (first.table_oid !== state.tableOid) {
      search.reload();
      return null;
    }
    if (first.revision === state.revision) {
      const byId = new Map(rows.map((row) => [row.id, row]));
      const page = ids.slice(0, query.limit).flatMap((id) => {
        const row = byId.get(id);
        return row ? [kind.toEntry(row, userId)] : [];
      });
      // An id with no row would mean the index and the table disagree at one revision: never trust it.
      if (page.length !== Math.min(ids.length, query.limit)) return null;
      return {
        entries: page,
        meta: ids.length > query.limit ? `o${offset + page.length}` : null,
        revision: first.revision,
      };
    }
    await search.catchUp();
  }
  return null;
}
