import type { DomainEventType, EventOfType } from '@app/contracts';
import { defineProjection, type Projection, type ReadModelMigration, type StoredEvent } from '@app/event-store';
import { preparing, type Queryable } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import type { MarkEvent } from '../domain/entry-marks.js';
import { revisionTable, revisionTableSql, saveRevision } from './catalog-revision.js';
import { indexNameWords, wordIndexTables, wordIndexTablesSql, wordPositionsSql } from './word-index.js';

type ProjectedKind = Pick<CatalogKind, 'projection' | 'tables' | 'idColumn' | 'vote' | 'favorite'>;

/** The migration steps every catalogue has, each at the version its kind reached them. */
export interface SharedSteps {
  /** The first migration's statements every kind has: see entryTablesSql. */
  entryTables: (options: EntryTablesOptions) => string;
  /** The word index's tables (search-words.ts). */
  wordIndexSql: string;
  revision: Omit<ReadModelMigration, 'version'>;
  wordPositions: Omit<ReadModelMigration, 'version'>;
}

/**
 * A kind's read model: one row per entry in `<tables>s` with its counts, the rows behind the per-user
 * flags and tabs (`_fans`, `_votes`, `_favorites`), the public total, the word index and the revision.
 * Positions in the log order every list newest first and are the lists' cursors. The kind folds its own
 * events (`handleEntry`, which calls `listed` for a new entry); votes and favourites are folded here.
 */
export function defineCatalogProjection<T extends DomainEventType>(
  kind: ProjectedKind,
  spec: {
    entryEventTypes: readonly T[];
    migrations(shared: SharedSteps): ReadModelMigration[];
    handleEntry(event: StoredEvent<EventOfType<T>>, db: Queryable): Promise<void>;
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
    }),
    async handle(events, connection) {
      // A replay runs these few statements hundreds of thousands of times: plan each once.
      const db = preparing(connection);
      for (const event of events) {
        if (marks.has(event.type)) await applyMark(db, kind, event as StoredEvent<MarkEvent>);
        else await spec.handleEntry(event as StoredEvent<EventOfType<T>>, db);
      }
      await saveRevision(db, tables, events);
    },
  });
}

/**
 * A vote or favourite set or taken back: its row, and the entry's count when the row really changed
 * (a replayed or repeated event changes neither).
 */
async function applyMark(db: Queryable, kind: ProjectedKind, event: StoredEvent<MarkEvent>): Promise<void> {
  const { tables, idColumn, vote } = kind;
  const isVote = event.type === vote.on || event.type === vote.off;
  const on = event.type === vote.on || event.type === kind.favorite.on;
  const data: Readonly<Record<string, unknown>> = event.data;
  const entryId = data[vote.idField];
  if (typeof entryId !== 'string') throw new Error(`${event.type} at ${event.globalPosition} names no ${vote.idField}`);
  const { userId } = event.data;
  const table = isVote ? `${tables}_votes` : `${tables}_favorites`;
  let changed;
  if (!on) {
    changed = await db.query(`delete from ${table} where ${idColumn} = $1 and user_id = $2`, [entryId, userId]);
  } else if (isVote) {
    changed = await db.query(
      `insert into ${table} (${idColumn}, user_id, created_at) values ($1, $2, $3) on conflict do nothing`,
      [entryId, userId, event.recordedAt],
    );
  } else {
    changed = await db.query(
      `insert into ${table} (${idColumn}, user_id, position, created_at) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [entryId, userId, event.globalPosition, event.recordedAt],
    );
  }
  if (!changed.rowCount) return;
  const count = isVote ? 'vote_count' : 'favorite_count';
  await db.query(`update ${tables}s set ${count} = ${count} + $2 where id = $1`, [entryId, on ? 1 : -1]);
}

/**
 * A new entry's row is in: its name's words go into the word index (after the row, whose list position
 * they copy) and it counts in the public total. Only verified fans add (docs/decisions.md): an added
 * entry is public at once.
 */
export async function listed(db: Queryable, kind: ProjectedKind, entryId: string, name: string): Promise<void> {
  await indexNameWords(db, kind.tables, entryId, name);
  await db.query(
    `insert into ${kind.tables}_totals as t (id, public_count) values (1, 1)
     on conflict (id) do update set public_count = t.public_count + 1`,
  );
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
