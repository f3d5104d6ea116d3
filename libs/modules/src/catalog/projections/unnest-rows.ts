import type { Queryable } from '@app/platform';

/** A column a batch writes, with the SQL type its values array is cast to. */
export interface Column {
  readonly name: string;
  readonly type: 'text' | 'jsonb' | 'integer' | 'bigint' | 'boolean' | 'timestamptz';
}

/**
 * Inserts many rows in one statement: one array parameter per column, zipped back into rows by `unnest`,
 * so a batch of any size is one round trip and one plan (the text does not depend on the row count).
 * `tail` is what follows the select (`on conflict ... returning ...`). Rows are values in column order.
 */
export async function insertRows<R extends Record<string, unknown>>(
  db: Queryable,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
  tail: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = columns.map((column) => column.name).join(', ');
  const arrays = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const { rows: returned } = await db.query<R>(
    `insert into ${table} (${names}) select * from unnest(${arrays}) ${tail}`,
    columns.map((_, index) => rows.map((row) => row[index])),
  );
  return returned;
}
