import type { Queryable } from '@app/platform';

/**
 * The changes a batch makes to its entries' counters (votes, favourites, fans), summed per entry in
 * memory and written by one `update ... from unnest(...)` at the end of the batch. Counters only add up,
 * so the order of the events that moved them does not matter, only which rows really appeared or went.
 */
export class CountDeltas {
  private readonly byEntry = new Map<string, number[]>();

  constructor(private readonly columns: readonly string[]) {}

  add(entryId: string, column: string, delta: number): void {
    const index = this.columns.indexOf(column);
    if (index < 0) throw new Error(`${column} is not one of the counters ${this.columns.join(', ')}`);
    let deltas = this.byEntry.get(entryId);
    if (!deltas) this.byEntry.set(entryId, (deltas = this.columns.map(() => 0)));
    deltas[index] = (deltas[index] ?? 0) + delta;
  }

  /** The change to `column` of one entry so far. */
  get(entryId: string, column: string): number {
    return this.byEntry.get(entryId)?.[this.columns.indexOf(column)] ?? 0;
  }

  /** Drops an entry's changes to `columns`: they were written another way (with the entry's new row). */
  forget(entryId: string, columns: readonly string[]): void {
    const deltas = this.byEntry.get(entryId);
    if (!deltas) return;
    for (const column of columns) deltas[this.columns.indexOf(column)] = 0;
  }

  /** One statement for the whole batch; entries whose changes cancel out are left alone. */
  async apply(db: Queryable, table: string): Promise<void> {
    const changed = [...this.byEntry].filter(([, deltas]) => deltas.some((delta) => delta !== 0));
    if (changed.length === 0) return;
    const sets = this.columns.map((column) => `${column} = t.${column} + d.${column}`).join(', ');
    const arrays = this.columns.map((_, index) => `$${index + 2}::integer[]`).join(', ');
    await db.query(
      `update ${table} t set ${sets}
       from unnest($1::text[], ${arrays}) as d(id, ${this.columns.join(', ')})
       where t.id = d.id`,
      [changed.map(([id]) => id), ...this.columns.map((_, index) => changed.map(([, deltas]) => deltas[index]))],
    );
  }
}
