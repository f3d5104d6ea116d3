import { projectedLogHeadSql, type StoredEvent } from '@app/event-store';
import type { Queryable } from '@app/platform';

/**
 * A catalogue's revision: the log position of the last event its projection applied, kept in a one-row
 * `<prefix>_revision` table and moved in the same transaction as the rows. The api's read cache
 * (application/queries/catalog-read-cache.ts) keeps a page only while the revision it was read at is
 * still the current one, so a cached page is always what the tables hold now. A log position, not a
 * counter: a replay that swaps in rebuilt tables arrives at the same position with the same rows.
 */
export function revisionTable(prefix: string): string {
  return `${prefix}_revision`;
}

/**
 * Creates the table. On a database that already has the catalogue, it starts at the last of the
 * projection's events its checkpoint has passed, which is where a rebuild (and so `ops verify`) puts it.
 */
export function revisionTableSql(prefix: string, projection: string, eventTypes: readonly string[]): string {
  return `create table ${revisionTable(prefix)} (
            id integer primary key check (id = 1),
            position bigint not null
          );
          insert into ${revisionTable(prefix)} (id, position)
          values (1, ${projectedLogHeadSql(projection, eventTypes)});`;
}

/** Moves the revision to the last event of a batch the projection has just applied. */
export async function saveRevision(db: Queryable, prefix: string, events: readonly StoredEvent[]): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  await db.query(`update ${revisionTable(prefix)} set position = $1 where id = 1`, [last.globalPosition]);
}
