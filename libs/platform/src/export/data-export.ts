import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Queryable } from '../database/pool.js';

/** A value in a member's data export: JSON keeps it as it is; the CSV writes lists and objects as text. */
export type ExportValue = string | number | boolean | null | readonly string[] | Readonly<Record<string, unknown>>;
export type ExportRow = Readonly<Record<string, ExportValue>>;

/**
 * One kind of a member's data, as the module that owns it reads it (docs/operations.md, Data export):
 * written to the zip as `<file>.json` and `<file>.csv`, and described in its README.txt.
 */
export interface DataExportSection {
  /** The files' name in the zip, without extension: `payola-ledger` gives payola-ledger.json and .csv. */
  readonly file: string;
  /** What the file holds, for README.txt: one or two sentences. */
  readonly about: string;
  /** The CSV's columns in order (every row has these keys). */
  readonly columns: readonly string[];
  /**
   * The rows, read afresh on each call (the JSON file and the CSV file are written one after the
   * other, each from its own pass): run inside the export's one read-only snapshot, so both passes
   * see the same rows. A handful of rows read whole may be a plain array.
   */
  rows(): AsyncIterable<ExportRow> | Iterable<ExportRow>;
}

/** A module's export: the sections of what it holds about the member, read on `db` (the export's snapshot). */
export type DataExportSections = readonly DataExportSection[];

/**
 * The rows of a query, fetched `batchSize` at a time through a server-side cursor, so memory holds
 * one batch rather than the whole result however many rows a member has. `db` must be one connection
 * inside a transaction (a cursor lives until its transaction ends).
 */
export async function* cursorRows<Row extends pg.QueryResultRow>(
  db: Queryable,
  sql: string,
  params: readonly unknown[] = [],
  batchSize = 500,
): AsyncGenerator<Row> {
  const cursor = `export_rows_${randomUUID().replaceAll('-', '')}`;
  await db.query(`declare ${cursor} no scroll cursor for ${sql}`, [...params]);
  try {
    for (;;) {
      const { rows } = await db.query<Row>(`fetch ${batchSize} from ${cursor}`);
      for (const row of rows) yield row;
      if (rows.length < batchSize) return;
    }
  } finally {
    // An abandoned read (the download was cancelled) closes its cursor; a failed transaction has already.
    await db.query(`close ${cursor}`).catch(() => undefined);
  }
}
