import pg from 'pg';
import type { Queryable } from '@app/platform';

/**
 * Set-based projection for "one row per key" read models: instead of a statement per event, a batch
 * loads the rows it touches in one select, folds every event in memory, and writes the changed rows
 * back in one statement per table. A replay then costs a few round trips per batch, not one per event.
 *
 * The fold must keep the semantics of the per-event SQL it replaces, which the helpers mirror:
 * - `insertIfMissing` is `insert ... on conflict (key) do nothing`;
 * - `update` is `update ... where key = $1`: nothing happens when the row does not exist (yet);
 * - a jsonb `a || b` merge of objects is `{ ...a, ...b }`.
 *
 * Values travel as they are stored: rows are read with `select *` (column names as keys; jsonb parsed;
 * dates and timestamps kept as PostgreSQL's text, so microseconds survive the round trip) and written
 * with `json_populate_recordset(null::<table>, ...)`, which converts each JSON value to the column's own
 * type (Date objects become ISO strings, arrays become arrays, a JS null is SQL NULL). A row must
 * therefore carry every column, defaults included: a missing key would be written as NULL (a new row
 * without one, or a table with a column the declaration lacks, is refused with the columns named).
 */
export interface RowTable<Row extends object> {
  /** The unqualified table name (the search_path picks the live or the scratch schema). */
  readonly name: string;
  /**
   * The primary key: its column, or a composite key's columns in order. A composite key's value (what
   * `get`, `update` and `load` take) is the array of its columns' values in that order, each as a
   * loaded row holds it (text for a bigint, as for a one-column key).
   */
  readonly key: (keyof Row & string) | readonly (keyof Row & string)[];
  /**
   * A one-column key's PostgreSQL type, for the load's `= any($1::<type>[])`; text when absent. A
   * composite key's values are converted to their columns' own types.
   */
  readonly keyType?: string;
  /** Every column of the table: a write sets each of them on conflict. */
  readonly columns: readonly (keyof Row & string)[];
}

export function defineRowTable<Row extends object>(table: RowTable<Row>): RowTable<Row> {
  const key = keyColumns(table);
  if (key.length === 0) throw new Error(`${table.name}: the key needs a column`);
  for (const column of key) {
    if (!table.columns.includes(column)) throw new Error(`${table.name}: the key ${column} must be a column`);
  }
  if (typeof table.key !== 'string' && table.keyType !== undefined) {
    throw new Error(`${table.name}: keyType is for a one-column key`);
  }
  return table;
}

function keyColumns<Row extends object>(table: RowTable<Row>): readonly (keyof Row & string)[] {
  return typeof table.key === 'string' ? [table.key] : table.key;
}

/**
 * What the batch's map is keyed by: a one-column key's value itself; a composite key's values joined
 * as JSON (distinct arrays of strings and numbers give distinct texts).
 */
function mapKey<Row extends object>(table: RowTable<Row>, key: unknown): unknown {
  if (typeof table.key === 'string') return key;
  if (!Array.isArray(key) || key.length !== table.key.length) {
    throw new Error(`${table.name}: a key is an array of ${table.key.join(', ')}`);
  }
  return JSON.stringify(key);
}

/** A row's key, as `get` and `update` take it. */
function keyOf<Row extends object>(table: RowTable<Row>, row: Row): unknown {
  return typeof table.key === 'string' ? row[table.key] : table.key.map((column) => row[column]);
}

// date, time, timestamp, timestamptz, timetz: a JS Date would drop the microseconds.
const KEPT_AS_TEXT = new Set<number>([1082, 1083, 1114, 1184, 1266]);
const TEXT_DATES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    KEPT_AS_TEXT.has(oid)
      ? (value: string) => value
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

/** Tables whose declared columns were compared with a stored row once already. */
const checkedTables = new WeakSet<object>();

/**
 * A table with a column the declaration lacks (a migration added it) would have it left as it was on
 * conflict, or written NULL for a new row: fail loudly instead, naming the columns.
 */
function checkColumns<Row extends object>(table: RowTable<Row>, stored: object): void {
  if (checkedTables.has(table)) return;
  const declared = new Set<string>(table.columns);
  const actual = Object.keys(stored);
  const undeclared = actual.filter((column) => !declared.has(column));
  const missing = [...declared].filter((column) => !actual.includes(column));
  if (undeclared.length > 0 || missing.length > 0) {
    throw new Error(
      `${table.name}: declared columns differ from the table's (undeclared: ${undeclared.join(', ') || 'none'}; ` +
        `not in the table: ${missing.join(', ') || 'none'})`,
    );
  }
  checkedTables.add(table);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The select of the rows with the given keys (distinct, as `get` takes them). A one-column key is one
 * array parameter; a composite key's values travel as JSON objects turned into the table's own row type
 * (so each value gets its column's type) and are matched as a row against the key's columns.
 */
function loadQuery<Row extends object>(table: RowTable<Row>, keys: unknown[]): { text: string; values: unknown[] } {
  const from = quoteIdent(table.name);
  if (typeof table.key === 'string') {
    return {
      text: `select * from ${from} where ${quoteIdent(table.key)} = any($1::${table.keyType ?? 'text'}[])`,
      values: [keys],
    };
  }
  const columns = table.key;
  const objects = keys.map((key) =>
    Object.fromEntries(columns.map((column, index) => [column, (key as unknown[])[index]])),
  );
  const row = columns.map(quoteIdent).join(', ');
  const keyRow = columns.map((column) => `k.${quoteIdent(column)}`).join(', ');
  return {
    text: `select * from ${from} where (${row}) in (select ${keyRow} from json_populate_recordset(null::${from}, $1::json) k)`,
    values: [JSON.stringify(objects)],
  };
}

/** The rows of one table that a batch touches, loaded once, changed in memory, written once. */
export class RowBatch<Row extends object> {
  private readonly dirty = new Set<unknown>();

  private constructor(
    readonly table: RowTable<Row>,
    private readonly rows: Map<unknown, Row>,
  ) {}

  /** Loads the existing rows for `keys` (duplicates welcome) in one select. */
  static async load<Row extends object>(
    db: Queryable,
    table: RowTable<Row>,
    keys: Iterable<unknown>,
  ): Promise<RowBatch<Row>> {
    const distinct = new Map<unknown, unknown>();
    for (const key of keys) distinct.set(mapKey(table, key), key);
    const rows = new Map<unknown, Row>();
    if (distinct.size > 0) {
      const result = await db.query<Row>({ ...loadQuery(table, [...distinct.values()]), types: TEXT_DATES });
      const first = result.rows[0];
      if (first) checkColumns(table, first);
      for (const row of result.rows) rows.set(mapKey(table, keyOf(table, row)), row);
    }
    return new RowBatch(table, rows);
  }

  /** The row as folded so far; treat it as read-only (change it through `update`). */
  get(key: unknown): Readonly<Row> | undefined {
    return this.rows.get(mapKey(this.table, key));
  }

  /** `insert ... on conflict do nothing`: adds the row unless its key exists. True when added. */
  insertIfMissing(row: Row): boolean {
    const absent = this.table.columns.filter((column) => !(column in row));
    if (absent.length > 0) throw new Error(`${this.table.name}: a new row needs every column (${absent.join(', ')})`);
    const key = mapKey(this.table, keyOf(this.table, row));
    if (this.rows.has(key)) return false;
    this.rows.set(key, { ...row });
    this.dirty.add(key);
    return true;
  }

  /** `update ... where key = $1`: changes the row in place if it exists. True when it did. */
  update(key: unknown, change: (row: Row) => void): boolean {
    const mapped = mapKey(this.table, key);
    const row = this.rows.get(mapped);
    if (!row) return false;
    change(row);
    this.dirty.add(mapped);
    return true;
  }

  /** The rows added or changed, in the order they were first touched. */
  changedRows(): Row[] {
    return [...this.dirty].map((key) => this.rows.get(key)).filter((row): row is Row => row !== undefined);
  }

  /** Writes every added or changed row in one statement; returns how many. */
  async write(db: Queryable): Promise<number> {
    const rows = this.changedRows();
    if (rows.length === 0) return 0;
    const { name, columns } = this.table;
    const key = keyColumns(this.table);
    const set = columns
      .filter((column) => !key.includes(column))
      .map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`);
    await db.query(
      `insert into ${quoteIdent(name)}
       select * from json_populate_recordset(null::${quoteIdent(name)}, $1::json)
       on conflict (${key.map(quoteIdent).join(', ')}) do ${set.length > 0 ? `update set ${set.join(', ')}` : 'nothing'}`,
      [JSON.stringify(rows)],
    );
    this.dirty.clear();
    return rows.length;
  }
}

/**
 * Appends rows to a table in one statement (an append-only read model: ledger entries, messages).
 * Each row carries every column. `ifMissing` is `on conflict do nothing` (the first of several rows
 * with one key wins, as it would one statement at a time); without it a duplicate key fails the batch.
 */
export async function insertRows(
  db: Queryable,
  table: string,
  rows: readonly object[],
  options: { ifMissing?: { key: string } } = {},
): Promise<void> {
  if (rows.length === 0) return;
  let written = rows;
  const conflictKey = options.ifMissing?.key;
  if (conflictKey) {
    // One statement cannot be trusted to apply its rows in array order: drop the later duplicates here.
    const seen = new Set<unknown>();
    written = rows.filter((row) => {
      const value = (row as Record<string, unknown>)[conflictKey];
      if (seen.has(value)) return false;
      seen.add(value);
      return true;
    });
  }
  await db.query(
    `insert into ${quoteIdent(table)}
     select * from json_populate_recordset(null::${quoteIdent(table)}, $1::json)
     ${conflictKey ? `on conflict (${quoteIdent(conflictKey)}) do nothing` : ''}`,
    [JSON.stringify(written)],
  );
}
