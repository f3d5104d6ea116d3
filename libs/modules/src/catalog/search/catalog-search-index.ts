import { readAll, readLag, type LogPosition } from '@app/event-store';
import { withTransaction, type Pool, type PoolClient } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import { ENTRY_CACHE_BUDGET_BYTES, EntryCache } from './entry-cache.js';
import { WordRankIndex, type IndexedEntry } from './word-rank-index.js';

/** What the index needs of a kind: its tables, filter columns and the events that change its entries. */
export type IndexedKind = Pick<CatalogKind, 'name' | 'tables' | 'projection'> & {
  /** The entry columns a list filters on (kind.listFilters' columns), in the order queries name them. */
  filterColumns: readonly string[];
  /**
   * The event types that add an entry or change what the index holds of it (name, filters, public): the
   * kind's own entry events. Votes and favourites move the revision but change nothing here.
   */
  entryEventTypes: readonly string[];
};

/** The read model as the index was built from it: one snapshot's revision, table and log position. */
export interface IndexState {
  /** The catalogue's revision (`<prefix>_revision`), as the read cache compares it. */
  revision: string;
  /** The entries table's oid: a replay swaps in a new table, which the index must be rebuilt from. */
  tableOid: string;
  /** The projection's checkpoint in that snapshot: where the next catch-up reads the log from. */
  checkpoint: LogPosition;
}

/** More entry events than this since the index's checkpoint: rebuilding is cheaper than catching up. */
const CATCH_UP_LIMIT = 5000;
/** Entries added to a loading index between two turns of the event loop. */
const LOAD_SLICE = 5000;
/** After a failed load (tables not migrated yet, PostgreSQL away), searches use SQL for this long. */
const RETRY_AFTER_MS = 5000;

/**
 * A kind's search index in this api process: loaded in the background on first use (until then, and
 * whenever it cannot be sure it is current, searches take the SQL path), then kept current by reading
 * only the entry events since the projection checkpoint it was built at and the rows they touched, in
 * one snapshot with the revision, so its state is always exactly the read model's at some revision.
 */
export class CatalogSearchIndex {
  private current: { index: WordRankIndex; state: IndexState } | null = null;
  private loading: Promise<void> | null = null;
  private catchingUp: Promise<void> | null = null;
  private failedAt = -Infinity;
  private readonly filterValues = new Map<string, string>();
  /** The entries of the pages it served, by revision (entry-cache.ts). */
  readonly entries = new EntryCache(ENTRY_CACHE_BUDGET_BYTES);

  constructor(
    private readonly pool: Pool,
    readonly kind: IndexedKind,
  ) {}

  /** The index and the state it answers for, or null while it is loading (a load starts if none has). */
  ready(): { index: WordRankIndex; state: IndexState } | null {
    if (!this.current) this.startLoad();
    return this.current;
  }

  /** Starts a load unless one runs or one failed a moment ago. */
  startLoad(): void {
    if (this.loading || performance.now() - this.failedAt < RETRY_AFTER_MS) return;
    this.loading = this.load()
      .catch(() => {
        // Searches keep to the SQL path, which reports what is wrong with the tables on its own.
        this.failedAt = performance.now();
      })
      .finally(() => {
        this.loading = null;
      });
  }

  /** Waits for a load that is under way (tests and the bench). */
  async whenLoaded(): Promise<boolean> {
    this.ready();
    await this.loading;
    return this.current !== null;
  }

  /**
   * Brings the index up to the read model's current state. Concurrent callers share one catch-up; a
   * swapped-in table (a replay) or a long gap drops the index and loads it again in the background.
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.readChanges().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  /** Forgets the index (its table was swapped) and loads it again. */
  reload(): void {
    this.current = null;
    this.startLoad();
  }

  private async load(): Promise<void> {
    const { state, rows } = await snapshot(this.pool, async (client) => {
      const state = await this.readState(client);
      const { rows } = await client.query<EntryIndexRow>(`select ${this.indexColumns()} from ${this.kind.tables}s e`);
      return { state, rows };
    });
    // In slices, letting requests in between: 100,000 entries are a few hundred ms of work.
    const index = new WordRankIndex();
    index.startLoad();
    for (let from = 0; from < rows.length; from += LOAD_SLICE) {
      for (const row of rows.slice(from, from + LOAD_SLICE)) index.upsert(this.toIndexed(row));
      await new Promise((resolve) => setImmediate(resolve));
    }
    index.finishLoad();
    this.current = { index, state };
  }

  private async readChanges(): Promise<void> {
    const current = this.current;
    if (!current) return;
    const changes = await snapshot(this.pool, async (client) => {
      const state = await this.readState(client);
      if (state.tableOid !== current.state.tableOid) return null;
      const events = await readAll<{ type: string; data: Record<string, unknown> }>(client, current.state.checkpoint, {
        types: this.kind.entryEventTypes,
        upTo: state.checkpoint,
        limit: CATCH_UP_LIMIT,
      });
      if (events.length === CATCH_UP_LIMIT) return null;
      const ids = [...new Set(events.map((event) => event.data[`${this.kind.name}Id`]))];
      const { rows } = await client.query<EntryIndexRow>(
        `select ${this.indexColumns()} from ${this.kind.tables}s e where e.id = any($1::text[])`,
        [ids],
      );
      return { state, entries: rows.map((row) => this.toIndexed(row)) };
    });
    if (!changes) return this.reload();
    // Applied in one synchronous step: a search ranks either before it or after it, never halfway.
    if (this.current !== current) return;
    for (const entry of changes.entries) current.index.upsert(entry);
    current.state = changes.state;
  }

  private async readState(client: PoolClient): Promise<IndexState> {
    const { rows } = await client.query<{ revision: string; table_oid: string }>(
      `select (select position::text from ${this.kind.tables}_revision) as revision,
              to_regclass($1)::oid::text as table_oid`,
      [`${this.kind.tables}s`],
    );
    const [lag] = await readLag(client, [this.kind.projection]);
    const row = rows[0];
    if (!row || !lag) throw new Error(`the ${this.kind.name} catalogue has no revision`);
    return { revision: row.revision, tableOid: row.table_oid, checkpoint: lag.position };
  }

  private indexColumns(): string {
    const filters = this.kind.filterColumns.map((column, i) => `e.${column} as filter_${i}`);
    return ['e.id', 'e.position', 'e.is_public', 'e.folded_name', 'e.search_key', ...filters].join(', ');
  }

  /** One string per distinct filter value (a genre), not one per row that has it. */
  private intern(value: string | null): string | null {
    if (value === null) return null;
    const known = this.filterValues.get(value);
    if (known !== undefined) return known;
    this.filterValues.set(value, value);
    return value;
  }

  private toIndexed(row: EntryIndexRow): IndexedEntry {
    return {
      id: row.id,
      position: Number(row.position),
      isPublic: row.is_public,
      foldedName: row.folded_name,
      // The projection indexes searchWords(name): the distinct words of the name's search key.
      words: [...new Set(row.search_key.split(' ').filter(Boolean))],
      filterValues: this.kind.filterColumns.map((_, i) => this.intern(row[`filter_${i}`] ?? null)),
    };
  }
}

interface EntryIndexRow {
  id: string;
  position: string | number;
  is_public: boolean;
  folded_name: string;
  search_key: string;
  [filter: `filter_${number}`]: string | null;
}

/** Runs reads in one repeatable-read snapshot: the revision, checkpoint and rows agree. */
function snapshot<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, async (client) => {
    await client.query('set transaction isolation level repeatable read, read only');
    return work(client);
  });
}
