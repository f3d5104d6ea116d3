import { foldName, wordQuery } from '@app/domain';
import { preparedStatement, type Pool } from '@app/platform';
import type { CatalogEntry, CatalogKind, EntryRow } from '../catalog-kind.js';
import { completeHead, entryHead, type FlagsAnswer } from '../application/queries/catalog-read-cache.js';
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
  json: () => string;
}

const NO_FLAGS: UserFlags = { voted: new Set(), favorited: new Set(), verified: new Set(), added: new Set() };

/** The named fields of an object, in that order. */
function pick(entry: object, keys: string[]): object {
  const all: Record<string, unknown> = { ...entry };
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/** The entries' rows with the user's flags, the catalogue's revision and the entries table's oid. */
async function readRows(
  pool: Pool,
  kind: Pick<CatalogKind, 'tables' | 'columns'>,
  userId: string,
  ids: string[],
): Promise<{ rows: FetchedRow[]; revision: string | null; tableOid: string | null }> {
  const { rows } = await pool.query<FetchedRow>(
    preparedStatement(
      `select ${kind.columns}, to_regclass($3)::oid::text as table_oid
       from (select 1) one left join ${kind.tables}s e on e.id = any($2::text[])`,
      [userId, ids, `${kind.tables}s`],
    ),
  );
  const first = rows[0];
  return {
    rows: rows.filter((row) => row.id !== null),
    revision: first?.revision ?? null,
    tableOid: first?.table_oid ?? null,
  };
}

/**
 * A page of the All tab's search from the process's index: the index ranks (as the search statement
 * would); the page's entries kept from earlier pages at the index's revision need only the asker's flags
 * (the read cache's batched statement), and the others are read by id with them. Every statement also
 * gives the catalogue's revision, and the page is used only if that is the one the index answers for
 * (else the index catches up and ranks again), so it is exactly what the search statement would have
 * read. Null: no index yet, or the catalogue kept moving; the caller then runs the search statement.
 */
export async function searchByIndex(
  pool: Pool,
  search: CatalogSearchIndex,
  kind: Pick<CatalogKind, 'tables' | 'columns' | 'toEntry' | 'userFields'>,
  userId: string,
  query: IndexedSearchQuery,
  /** The revision and the user's flags for ids (the read cache's batched statement). */
  flags: (userId: string, ids: string[]) => Promise<FlagsAnswer>,
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
    // The kept entries need only the asker's flags; the others are read whole (in parallel).
    const [marks, fetched] = await Promise.all([
      missing.length < pageIds.length || pageIds.length === 0
        ? flags(
            userId,
            pageIds.filter((_, i) => cached[i]),
          )
        : null,
      missing.length > 0 ? readRows(pool, kind, userId, missing) : null,
    ]);
    if (fetched && fetched.tableOid !== state.tableOid) {
      search.reload();
      return null;
    }
    const revisions = [marks?.revision, fetched?.revision].filter((revision) => revision !== undefined);
    if (revisions.every((revision) => revision === state.revision)) {
      const userKeys = (entry: CatalogEntry) => kind.userFields(entry, NO_FLAGS);
      const read = new Map(
        fetched?.rows.map((row) => {
          const entry = kind.toEntry(row, userId);
          const kept = { revision: state.revision, id: row.id, head: entryHead(entry, userKeys) };
          search.entries.set(kept);
          // Read for this user: its own fields are the user's, in the order userFields gives them.
          return [row.id, { head: kept.head, fields: pick(entry, Object.keys(userKeys(entry))) }];
        }),
      );
      const page: { head: string; fields: object }[] = [];
      pageIds.forEach((id, i) => {
        const kept = cached[i];
        // userFields reads only the entry's id, the one thing a kept entry holds besides its text.
        if (kept && marks) page.push({ head: kept.head, fields: kind.userFields({ id } as CatalogEntry, marks) });
        const fresh = read.get(id);
        if (fresh) page.push(fresh);
      });
      // An id with no row would mean the index and the table disagree at one revision: never trust it.
      if (page.length !== pageIds.length) return null;
      return { meta, json: () => `[${page.map(({ head, fields }) => completeHead(head, fields)).join(',')}]` };
    }
    await search.catchUp();
  }
  return null;
}
