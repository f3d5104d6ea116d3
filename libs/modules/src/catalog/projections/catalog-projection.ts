import type { DomainEventType, EventOfType } from '@app/contracts';
import {
  defineProjection,
  settle,
  tailOf,
  type BatchTail,
  type Projection,
  type ReadModelMigration,
  type StoredEvent,
} from '@app/event-store';
import { preparing, type Queryable } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import type { MarkEvent } from '../domain/entry-marks.js';
import { revisionTable, revisionTableSql, saveRevision } from './catalog-revision.js';
import { CountDeltas } from './count-deltas.js';
import { applyEntryChanges, type EntryChange, type EntryColumns, type EntryEvent } from './entry-batch.js';
import { applyMarks } from './mark-batch.js';
import { survivorsOf } from './entry-merge.js';
import { wordIndexTables, wordIndexTablesSql, wordPositionsSql } from './word-index.js';

export type { EntryChange, EntryColumns } from './entry-batch.js';

type ProjectedKind = Pick<CatalogKind, 'projection' | 'tables' | 'idColumn' | 'vote' | 'favorite'>;

/** The migration steps every catalogue has, each at the version its kind reached them. */
export interface SharedSteps {
  /** The first migration's statements every kind has: see entryTablesSql. */
  entryTables: (options: EntryTablesOptions) => string;
  /** The word index's tables (search-words.ts). */
  wordIndexSql: string;
  revision: Omit<ReadModelMigration, 'version'>;
  wordPositions: Omit<ReadModelMigration, 'version'>;
  countRoom: Omit<ReadModelMigration, 'version'>;
}

/**
 * A kind's read model: one row per entry in `<tables>s` with its counts, the rows behind the per-user
 * flags and tabs (`_fans`, `_votes`, `_favorites`), the public total, the word index and the revision.
 * Positions in the log order every list newest first and are the lists' cursors. The kind says what each
 * of its events is (`entryChange`): an add, a fan vouching for an entry, or a rare change applied on its
 * own in log order; votes and favourites are folded here. A batch is applied a statement per table, not
 * per event (entry-batch.ts): a replay of the catalogue is hundreds of thousands of events.
 */
export function defineCatalogProjection<T extends DomainEventType>(
  kind: ProjectedKind,
  spec: {
    entryEventTypes: readonly T[];
    columns: EntryColumns;
    migrations(shared: SharedSteps): ReadModelMigration[];
    entryChange(event: StoredEvent<EventOfType<T>>): EntryChange;
    /**
     * Events applied on their own, between the batch's events before and after them (a merge moves the
     * marks and fans the events before it made; those after it are the survivor's).
     */
    barrierEventTypes?: readonly T[];
  },
): Projection<EventOfType<T> | MarkEvent> {
  const { vote, favorite, tables } = kind;
  const eventTypes = [...spec.entryEventTypes, vote.on, vote.off, favorite.on, favorite.off] as (
    EventOfType<T> | MarkEvent
  )['type'][];
  const marks = new Set<string>(eventTypes.slice(spec.entryEventTypes.length));
  return defineProjection<EventOfType<T> | MarkEvent>({
    kind: 'projection',
    name: kind.projection,
    eventTypes,
    tables: [
      `${tables}s`,
      `${tables}_fans`,
      `${tables}_votes`,
      `${tables}_favorites`,
      `${tables}_totals`,
      ...wordIndexTables(tables),
      revisionTable(tables),
    ],
    // The lists' and members' indexes; the word index is looked up by word and entity while it fills.
    rebuildDefersIndexesOf: [`${tables}s`, `${tables}_fans`, `${tables}_votes`, `${tables}_favorites`],
    migrations: spec.migrations({
      entryTables: (options) => entryTablesSql(kind, options),
      wordIndexSql: wordIndexTablesSql(tables),
      revision: {
        description: "the catalogue's revision, which tells the api's read cache whether a cached page is current",
        sql: revisionTableSql(tables, kind.projection, eventTypes),
      },
      wordPositions: {
        description: 'list positions in the word index, so a search ranks its matches without reading their rows',
        sql: wordPositionsSql(tables),
      },
      countRoom: {
        description: 'room on each page of the entries for their counts to change without touching the indexes',
        // A batch's votes and favourites update their entries' rows (count-deltas.ts). No index covers
        // a count, so with free space on the page PostgreSQL rewrites the row in place (a HOT update)
        // instead of adding an entry to each of the table's five or six indexes; a full page cannot.
        sql: `alter table ${tables}s set (fillfactor = 80);`,
      },
    }),
    async handle(batch, connection) {
      // Every statement's text is the same whatever the batch: plan each once per connection.
      const db = preparing(connection);
      const cut = segments(batch, new Set(spec.barrierEventTypes ?? []));
      // A segment's last writes are answered before the next segment starts (a merge reads the rows
      // before it); the last segment's go out with the batch's COMMIT.
      for (const events of cut.slice(0, -1)) await settle(await handleSegment(events, db));
      return handleSegment(cut.at(-1) ?? [], db);
    },
  });

  /**
   * One segment of a batch, in as few round trips as its dependencies allow (its connection pipelines,
   * pool.ts): the revision's move is sent first and answered with whatever comes next, and the counters'
   * update is left in flight for the COMMIT to follow (BatchTail).
   */
  async function handleSegment(
    events: readonly StoredEvent<EventOfType<T> | MarkEvent>[],
    db: Queryable,
  ): Promise<BatchTail> {
    // Nothing of the batch reads the revision: its move needs no answer before the end.
    const revision = saveRevision(db, tables, events);
    revision.catch(() => undefined); // its failure is the tail's (and fails every statement behind it)
    const counts = new CountDeltas(['vote_count', 'favorite_count', spec.columns.vouchCount]);
    const entryEvents: EntryEvent[] = [];
    let markEvents: StoredEvent<MarkEvent>[] = [];
    for (const event of events) {
      if (marks.has(event.type)) markEvents.push(event as StoredEvent<MarkEvent>);
      else {
        const entryEvent = event as StoredEvent<EventOfType<T>>;
        entryEvents.push({
          position: entryEvent.globalPosition,
          recordedAt: entryEvent.recordedAt,
          ...spec.entryChange(entryEvent),
        });
      }
    }
    // Marks of merged duplicates (a vote that raced the merge) go to the survivor.
    markEvents = await toSurvivors(db, tables, vote.idField, markEvents);
    // Marks first, so that an entry added in this batch gets its vote and favourite counts with its
    // row rather than by an update of it (in a replay: nearly every entry). Marks read and write no
    // table the entry events write, and no entry's mark precedes its add in the log.
    await applyMarks(db, kind, markEvents, counts);
    await applyEntryChanges(db, kind, spec.columns, entryEvents, counts);
    return tailOf([revision, counts.apply(db, `${tables}s`)]);
  }
}

/** The batch cut around its barrier events, each of which is a segment of its own. */
function segments<E extends { type: string }>(events: readonly E[], barriers: ReadonlySet<string>): E[][] {
  if (barriers.size === 0) return [[...events]];
  const cut: E[][] = [];
  let current: E[] = [];
  for (const event of events) {
    if (!barriers.has(event.type)) {
      current.push(event);
      continue;
    }
    cut.push(current, [event]);
    current = [];
  }
  cut.push(current);
  return cut.filter((segment) => segment.length > 0);
}

/** Marks with their entry id replaced by the survivor's where the entry was merged (through chains). */
async function toSurvivors(
  db: Queryable,
  tables: string,
  idField: string,
  events: StoredEvent<MarkEvent>[],
): Promise<StoredEvent<MarkEvent>[]> {
  const idOf = (event: StoredEvent<MarkEvent>) => (event.data as Record<string, string>)[idField] ?? '';
  const survivors = await survivorsOf(db, tables, new Set(events.map(idOf)));
  if (survivors.size === 0) return events;
  return events.map((event) => {
    const survivor = survivors.get(idOf(event));
    return survivor ? ({ ...event, data: { ...event.data, [idField]: survivor } } as StoredEvent<MarkEvent>) : event;
  });
}

export interface EntryTablesOptions {
  /** The kind's own columns of `<tables>s`, after id, name, search_key and folded_name. */
  columns: string;
  /** The kind's own count columns, after vote_count and favorite_count. */
  counts: string;
  /** The columns of `<tables>_fans` besides the entry, the user and the position. */
  fanColumns: string;
  /** The kind's own statements after the entries' table (its filter indexes). */
  indexes: string;
  /** Whether `_votes` is indexed by user from the start (the artists got it in their second migration). */
  votesByUser: boolean;
}

/**
 * The tables of a kind's first migration: `<tables>s` (the entries, newest-first and by folded name),
 * `_fans` (the users who added or vouched for each, by user), `_votes`, `_favorites` (by user) and
 * `_totals` (the public count).
 */
function entryTablesSql({ tables, idColumn }: ProjectedKind, options: EntryTablesOptions): string {
  return `create table ${tables}s (
              id text primary key,
              name text not null,
              search_key text not null,
              folded_name text not null,
              ${options.columns},
              added_by text not null,
              added_by_fan_number integer,
              is_public boolean not null,
              created_at timestamptz not null,
              position bigint not null,
              vote_count integer not null default 0,
              favorite_count integer not null default 0,
              ${options.counts}
            );
            create index ${tables}s_recent on ${tables}s (position desc) where is_public;
            create index ${tables}s_folded on ${tables}s (folded_name);
            ${options.indexes}
            create table ${tables}_fans (
              ${idColumn} text not null,
              user_id text not null,
              ${options.fanColumns},
              position bigint not null,
              primary key (${idColumn}, user_id)
            );
            create index ${tables}_fans_user on ${tables}_fans (user_id, position desc);
            create table ${tables}_votes (
              ${idColumn} text not null,
              user_id text not null,
              created_at timestamptz not null,
              primary key (${idColumn}, user_id)
            );
            ${options.votesByUser ? `create index ${tables}_votes_user on ${tables}_votes (user_id, ${idColumn});` : ''}
            create table ${tables}_favorites (
              ${idColumn} text not null,
              user_id text not null,
              position bigint not null,
              created_at timestamptz not null,
              primary key (${idColumn}, user_id)
            );
            create index ${tables}_favorites_user on ${tables}_favorites (user_id, position desc);
            create table ${tables}_totals (
              id integer primary key check (id = 1),
              public_count integer not null
            );`;
}
