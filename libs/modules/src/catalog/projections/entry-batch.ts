import { typoVariants } from '@app/domain';
import type { Queryable } from '@app/platform';
import type { CatalogKind } from '../catalog-kind.js';
import type { CountDeltas } from './count-deltas.js';
import { nameKeys, type NameKeys } from './name-keys.js';
import { insertRows, type Column } from './unnest-rows.js';

type EntryKind = Pick<CatalogKind, 'tables' | 'idColumn'>;

/** An entry's own columns (after id, name, search_key and folded_name) and its fans', each with its SQL type. */
export interface EntryColumns {
  /** `<tables>s`: what an add writes besides the shared columns (see entryTablesSql). */
  entry: readonly Column[];
  /** `<tables>_fans`: besides the entry, the user and the position. */
  fan: readonly Column[];
  /** The counter a new vouching fan raises (`fan_count`, `confirmed_count`). */
  vouchCount: string;
  /** The columns a `replaced` change rewrites besides name, search_key and folded_name (none: no such change). */
  replaced?: readonly Column[];
}

/** What a kind's entry event does, as a batch sees it (see applyEntryChanges). */
export type EntryChange =
  | {
      change: 'added';
      entryId: string;
      name: string;
      addedBy: string;
      addedByFanNumber: number | null;
      /** The kind's `entry` columns' values. */
      values: readonly unknown[];
      /** The kind's `fan` columns' values for the fan who added it. */
      adderFan: readonly unknown[];
    }
  | { change: 'vouched'; entryId: string; userId: string; fan: readonly unknown[] }
  | {
      /** Every detail of the entry saved again (a venue's update): the last one of a batch wins. */
      change: 'replaced';
      entryId: string;
      name: string;
      /** The values of `EntryColumns.replaced`, in its order, after name, search_key and folded_name. */
      values: readonly unknown[];
    }
  /**
   * Links appended to the entry's list (jsonb array `||`). A run of them between two in-order changes
   * is one statement: each entry's links of the run, concatenated in log order.
   */
  | { change: 'linksAdded'; entryId: string; links: readonly unknown[] }
  | { change: 'inOrder'; apply: (db: Queryable) => Promise<void> };

/** An entry event of a batch: what it does, and where and when the log has it. */
export type EntryEvent = EntryChange & { position: number; recordedAt: Date };
type Added = Extract<EntryEvent, { change: 'added' }>;
/** An add that made a row, with its name's keys (folded once, for the row and for the word index). */
type Listed = Added & { keys: NameKeys };
type Vouched = Extract<EntryEvent, { change: 'vouched' }>;
type Replaced = Extract<EntryEvent, { change: 'replaced' }>;

const SHARED_ENTRY_COLUMNS: readonly Column[] = [
  { name: 'id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'search_key', type: 'text' },
  { name: 'folded_name', type: 'text' },
];
const ADDED_COLUMNS: readonly Column[] = [
  { name: 'added_by', type: 'text' },
  { name: 'added_by_fan_number', type: 'integer' },
  { name: 'is_public', type: 'boolean' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'position', type: 'bigint' },
  { name: 'vote_count', type: 'integer' },
  { name: 'favorite_count', type: 'integer' },
];
/** The counters a new row is written with (the batch's marks of it, applied before the adds). */
const MARK_COUNTS = ['vote_count', 'favorite_count'];

/**
 * A batch's entry events, a statement per table rather than a few per event, leaving the rows applying
 * them one by one in log order would: the adds (their rows, their adders as fans, their words, the
 * public total), then the rare events that must keep their order (a venue's update, an artist's new
 * links: each after its entry's add, as in the log), then the fans vouching (after the adders' fan rows,
 * so an adder vouching again is a conflict as it was). Counters go to `counts`, and a new entry's row
 * is written with the vote and favourite counts the batch's marks (applied before) put there.
 */
export async function applyEntryChanges(
  db: Queryable,
  kind: EntryKind,
  columns: EntryColumns,
  events: readonly EntryEvent[],
  counts: CountDeltas,
): Promise<void> {
  const added = await insertAdded(
    db,
    kind,
    columns,
    events.filter((event): event is Added => event.change === 'added'),
    counts,
  );
  if (added.length > 0) {
    // Three independent writes, sent together (a pipelined connection): one round trip, not three.
    await Promise.all([
      insertRows(
        db,
        `${kind.tables}_fans`,
        fanColumns(kind, columns),
        added.map((entry) => [entry.entryId, entry.addedBy, ...entry.adderFan, entry.position]),
        'on conflict do nothing',
      ),
      indexAddedWords(db, kind.tables, added),
      db.query(
        `insert into ${kind.tables}_totals as t (id, public_count) values (1, $1)
         on conflict (id) do update set public_count = t.public_count + $1`,
        [added.length],
      ),
    ]);
  }
  await applyReplacements(
    db,
    kind,
    columns,
    events.filter((event): event is Replaced => event.change === 'replaced'),
  );
  await applyInOrder(db, kind, events);
  await insertVouches(
    db,
    kind,
    columns,
    events.filter((event): event is Vouched => event.change === 'vouched'),
    counts,
  );
}

/**
 * The changes that keep their log order, one by one, except that each run of links added between them
 * is written in one statement (the runs' order against the others is the log's).
 */
async function applyInOrder(db: Queryable, kind: EntryKind, events: readonly EntryEvent[]): Promise<void> {
  let links = new Map<string, unknown[]>();
  const flushLinks = async () => {
    if (links.size === 0) return;
    await db.query(
      `update ${kind.tables}s t set links = t.links || d.links
       from unnest($1::text[], $2::jsonb[]) as d(id, links) where t.id = d.id`,
      [[...links.keys()], [...links.values()].map((list) => JSON.stringify(list))],
    );
    links = new Map();
  };
  for (const event of events) {
    if (event.change === 'linksAdded') {
      links.set(event.entryId, [...(links.get(event.entryId) ?? []), ...event.links]);
    } else if (event.change === 'inOrder') {
      await flushLinks();
      await event.apply(db);
    }
  }
  await flushLinks();
}

/** The adds' rows in one insert; returns the adds that really made a row (a repeated add does not). */
async function insertAdded(
  db: Queryable,
  kind: EntryKind,
  columns: EntryColumns,
  adds: readonly Added[],
  counts: CountDeltas,
): Promise<Listed[]> {
  // The first add of an id is the one that makes its row (the later ones conflict).
  const firsts = new Map<string, Listed>();
  for (const add of adds) if (!firsts.has(add.entryId)) firsts.set(add.entryId, { ...add, keys: nameKeys(add.name) });
  const rows = await insertRows<{ id: string }>(
    db,
    `${kind.tables}s`,
    [...SHARED_ENTRY_COLUMNS, ...columns.entry, ...ADDED_COLUMNS],
    [...firsts.values()].map((add) => [
      add.entryId,
      add.name,
      add.keys.searchKey,
      add.keys.foldedName,
      ...add.values,
      add.addedBy,
      add.addedByFanNumber,
      true, // only verified fans add (docs/decisions.md): an added entry is public at once
      add.recordedAt,
      add.position,
      // A new entry has no marks but this batch's (they follow its add), whose rows are in already.
      ...MARK_COUNTS.map((column) => counts.get(add.entryId, column)),
    ]),
    'on conflict (id) do nothing returning id',
  );
  const inserted = new Set(rows.map((row) => row.id));
  for (const id of inserted) counts.forget(id, MARK_COUNTS);
  return [...firsts.values()].filter((add) => inserted.has(add.entryId));
}

/**
 * The new entries' words (each row with its entry's list position) and the variants of the words new
 * to the index. What indexNameWords does for one entry, without its delete of the entry's old words (an
 * entry just added has none), and without writing again the variants of a word already indexed: every
 * word that has ever had a row has its variants in (this and indexNameWords write both together, and
 * variants are never deleted), and names share words, so after the first batches of a replay most
 * variants would only be checked and skipped, seven index probes a word.
 */
async function indexAddedWords(db: Queryable, prefix: string, added: readonly Listed[]): Promise<void> {
  const words: [string, string, number][] = [];
  const distinct = new Set<string>();
  for (const entry of added) {
    for (const word of entry.keys.words) {
      words.push([word, entry.entryId, entry.position]);
      distinct.add(word);
    }
  }
  // Asked before the words go in, and sent with them: a pipelined connection runs them in that order.
  const newWords = unindexedWords(db, prefix, distinct);
  // In key order: the B-tree inserts then walk their pages in order instead of jumping about.
  words.sort(([a, aId], [b, bId]) => compare(a, b) || compare(aId, bId));
  const wordsWritten = insertRows(
    db,
    `${prefix}_words`,
    [
      { name: 'word', type: 'text' },
      { name: 'entity_id', type: 'text' },
      { name: 'position', type: 'bigint' },
    ],
    words,
    'on conflict do nothing',
  );
  const [unindexed] = await Promise.all([newWords, wordsWritten]);
  await insertVariants(db, prefix, unindexed);
}

/**
 * The words the index has no row of yet, asked before a batch inserts its own: every word that has ever
 * had a row has its variants in (variants are never deleted), so only these need theirs written.
 */
async function unindexedWords(db: Queryable, prefix: string, words: ReadonlySet<string>): Promise<string[]> {
  const { rows: known } = await db.query<{ word: string }>(
    `select distinct word from ${prefix}_words where word = any($1::text[])`,
    [[...words]],
  );
  const unknown = new Set(words);
  for (const { word } of known) unknown.delete(word);
  return [...unknown];
}

/** The one-deletion variants of `words` (search-words.ts), in one insert, in key order. */
async function insertVariants(db: Queryable, prefix: string, words: readonly string[]): Promise<void> {
  const variants = words.flatMap((word) => typoVariants(word).map((variant) => [variant, word] as const));
  variants.sort(([a, aWord], [b, bWord]) => compare(a, b) || compare(aWord, bWord));
  await insertRows(
    db,
    `${prefix}_word_variants`,
    [
      { name: 'variant', type: 'text' },
      { name: 'word', type: 'text' },
    ],
    variants,
    'on conflict do nothing',
  );
}

/**
 * Entries saved again (after the batch's adds, so an add and its update in one batch apply in log order):
 * each entry's row takes the details of its last save, in one update; its words become those of its
 * last name (the words of other names deleted, the new ones inserted with the entry's list position, in
 * one statement each); and the variants of every name it had in the batch are kept, as indexNameWords
 * applied once per save would leave them (variants are never deleted). What applying the saves one by one
 * gives, in four statements instead of two per save.
 */
async function applyReplacements(
  db: Queryable,
  kind: EntryKind,
  columns: EntryColumns,
  replacements: readonly Replaced[],
): Promise<void> {
  if (replacements.length === 0) return;
  const replaced = columns.replaced;
  if (!replaced) throw new Error(`${kind.tables}: a 'replaced' change, but the kind declares no replaced columns`);
  const last = new Map<string, Replaced & { keys: NameKeys }>();
  const namesWords = new Set<string>();
  for (const replacement of replacements) {
    const keys = nameKeys(replacement.name);
    for (const word of keys.words) namesWords.add(word);
    last.set(replacement.entryId, { ...replacement, keys });
  }
  const finals = [...last.values()];
  const detailColumns: readonly Column[] = [...SHARED_ENTRY_COLUMNS, ...replaced];
  const arrays = detailColumns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const assignments = detailColumns
    .slice(1)
    .map((column) => `${column.name} = u.${column.name}`)
    .join(', ');
  const rows = finals.map((entry) => [
    entry.entryId,
    entry.name,
    entry.keys.searchKey,
    entry.keys.foldedName,
    ...entry.values,
  ]);
  await db.query(
    `update ${kind.tables}s e set ${assignments}
     from unnest(${arrays}) as u(${detailColumns.map((column) => column.name).join(', ')})
     where e.id = u.id`,
    detailColumns.map((_, index) => rows.map((row) => row[index])),
  );

  const wordIds: string[] = [];
  const wordWords: string[] = [];
  for (const entry of finals) {
    for (const word of entry.keys.words) {
      wordIds.push(entry.entryId);
      wordWords.push(word);
    }
  }
  const prefix = kind.tables;
  const newWords = await unindexedWords(db, prefix, namesWords);
  await db.query(
    `delete from ${prefix}_words w
     where w.entity_id = any($1::text[])
       and not exists (select 1 from unnest($2::text[], $3::text[]) as f(id, word) where f.id = w.entity_id and f.word = w.word)`,
    [finals.map((entry) => entry.entryId), wordIds, wordWords],
  );
  // The position is the entry's (none when the entry is not in: as indexNameWords' sub-select gives).
  await db.query(
    `insert into ${prefix}_words (word, entity_id, position)
     select f.word, f.id, e.position from unnest($1::text[], $2::text[]) as f(id, word)
     left join ${prefix}s e on e.id = f.id
     on conflict do nothing`,
    [wordIds, wordWords],
  );
  await insertVariants(db, prefix, newWords);
}

/** Fans vouching for entries: one insert; each row that is new raises its entry's counter. */
async function insertVouches(
  db: Queryable,
  kind: EntryKind,
  columns: EntryColumns,
  vouches: readonly Vouched[],
  counts: CountDeltas,
): Promise<void> {
  // A fan's first vouch for an entry is the one that makes the row (their number, their position).
  const firsts = new Map<string, Vouched>();
  for (const vouch of vouches) {
    const key = `${vouch.entryId}\u0000${vouch.userId}`;
    if (!firsts.has(key)) firsts.set(key, vouch);
  }
  const rows = await insertRows<{ entry_id: string }>(
    db,
    `${kind.tables}_fans`,
    fanColumns(kind, columns),
    [...firsts.values()].map((vouch) => [vouch.entryId, vouch.userId, ...vouch.fan, vouch.position]),
    `on conflict do nothing returning ${kind.idColumn} as entry_id`,
  );
  for (const row of rows) counts.add(row.entry_id, columns.vouchCount, 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fanColumns(kind: EntryKind, columns: EntryColumns): Column[] {
  return [
    { name: kind.idColumn, type: 'text' },
    { name: 'user_id', type: 'text' },
    ...columns.fan,
    { name: 'position', type: 'bigint' },
  ];
}
