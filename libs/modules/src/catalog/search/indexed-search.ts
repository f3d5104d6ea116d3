import type DataLoader from 'dataloader';
import { foldName, wordQuery } from '@app/domain';
import { preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind, EntryRow } from '../catalog-kind.js';
import {
  entryHead,
  jsonArray,
  oneStatementPerTurn,
  unsetFields,
  type FlagsAnswer,
} from '../application/queries/catalog-read-cache.js';
import type { UserFlags } from '../application/queries/entry-read-sql.js';
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

/** A page as the list handler answers it: the next cursor and its JSON (mostly kept heads). */
export interface IndexedPage {
  meta: string | null;
  json: () => Buffer;
}

const NO_FLAGS: UserFlags = { voted: new Set(), favorited: new Set(), verified: new Set(), added: new Set() };

/** Entries' rows read in one snapshot with the catalogue's revision and the entries table's oid. */
export interface EntryRows {
  rows: FetchedRow[];
  revision: string | null;
  tableOid: string | null;
}

/**
 * Reads a kind's entries by id for the search pages whose entries are not kept, one statement per turn of
 * the event loop (oneStatementPerTurn, as their flags): the statements were the largest part of a
 * search's cost in the api once the index ranked. The rows are read for no user (their per-user fields
 * come from the asker's flags), so one statement serves every asker.
 */
export class EntryRowReads {
  private readonly loader: DataLoader<readonly string[], EntryRows>;

  constructor(
    private readonly pool: Pool,
    private readonly kind: Pick<CatalogKind, 'tables' | 'columns'>,
  ) {
    this.loader = oneStatementPerTurn((requests) => this.load(requests), 50);
  }

  read(ids: readonly string[]): Promise<EntryRows> {
    return this.loader.load(ids);
  }

  private async load(requests: readonly (readonly string[])[]): Promise<EntryRows[]> {
    const ids = [...new Set(requests.flat())];
    // $1 is the user of the per-user columns: nobody's (a user id is never empty), so they are all false.
    const { rows } = await this.pool.query<FetchedRow>(
      preparedStatement(
        `select ${this.kind.columns}, to_regclass($3)::oid::text as table_oid
         from (select 1) one left join ${this.kind.tables}s e on e.id = any($2::text[])`,
        ['', ids, `${this.kind.tables}s`],
      ),
    );
    const first = rows[0];
    const byId = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row]));
    return requests.map((wanted) => ({
      rows: wanted.flatMap((id) => byId.get(id) ?? []),
      revision: first?.revision ?? null,
      tableOid: first?.table_oid ?? null,
    }));
  }
}

/** How a search page reads what the index does not hold: both shared by the requests of one turn. */
export interface IndexedSearchReads {
  /** The revision and the user's flags for ids (the read cache's batched statement). */
  flags: (userId: string, ids: string[]) => Promise<FlagsAnswer>;
  /** Entries' rows by id, for no user (EntryRowReads). */
  rows: (ids: readonly string[]) => Promise<EntryRows>;
}

/**
 * A page of the All tab's search from the process's index: the index ranks (as the search statement
 * would); the page takes the asker's flags from the read cache's batched statement, and the text of its
 * entries from those kept at the index's revision, reading only the others by id (batched too). Every statement also
 * gives the catalogue's revision, and the page is used only if that is the one the index answers for
 * (else the index catches up and ranks again), so it is exactly what the search statement would have
 * read. Null: no index yet, or the catalogue kept moving; the caller then runs the search statement.
 */
export async function searchByIndex(
  search: CatalogSearchIndex,
  kind: Pick<CatalogKind, 'toEntry' | 'userFields'>,
  userId: string,
  query: IndexedSearchQuery,
  reads: IndexedSearchReads,
): Promise<IndexedPage | null> {
  const folded = foldName(query.q ?? '');
  // Shorter searches list newest first (catalog-list-sql.ts), which is no search of the index's.
  if (folded.length < 2) return null;
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
    const ids = current.index.rank({ words, folded, filters, offset, limit: query.limit });
    const pageIds = ids.slice(0, query.limit);
    const meta = ids.length > query.limit ? `o${offset + pageIds.length}` : null;
    const cached = pageIds.map((id) => search.entries.get(id, state.revision));
    const missing = pageIds.filter((_, i) => !cached[i]);
    // The asker's flags for the whole page; the entries not kept are read whole (in parallel).
    const [marks, fetched] = await Promise.all([
      reads.flags(userId, pageIds),
      missing.length > 0 ? reads.rows(missing) : null,
    ]);
    if (fetched && fetched.tableOid !== state.tableOid) {
      search.reload();
      return null;
    }
    if (marks.revision === state.revision && (!fetched || fetched.revision === state.revision)) {
      const rows = new Map((fetched?.rows ?? []).map((row) => [row.id, row]));
      const userFields = rows.size > 0 ? unsetFields(kind.userFields({ id: '' } as CatalogEntry, NO_FLAGS)) : {};
      // Kept under the index's own id strings, which live as long as the index does (a row's are new each read).
      const heads = pageIds.map((id, i) => {
        const kept = cached[i];
        if (kept) return kept;
        const row = rows.get(id);
        return row && search.entries.keep(id, state.revision, entryHead(kind.toEntry(row, ''), userFields));
      });
      // An id with no row would mean the index and the table disagree at one revision: never trust it.
      if (heads.some((head) => head === undefined)) return null;
      // userFields reads only the entry's id; the rest of the entry is its kept text.
      const fields = pageIds.map((id) => kind.userFields({ id } as CatalogEntry, marks));
      return { meta, json: () => jsonArray(heads as Buffer[], fields) };
    }
    await search.catchUp();
  }
  return null;
}
