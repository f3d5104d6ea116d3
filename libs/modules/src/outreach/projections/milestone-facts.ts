import type { EventOfType } from '@app/contracts';
import { defineRowTable, RowBatch, tailOf, type BatchTail, type StoredEvent } from '@app/event-store';
import type { Queryable } from '@app/platform';
import type { MilestoneCounts } from '../domain/milestones.js';

/** The events that move the milestone counts. */
export const MILESTONE_FACT_TYPES = ['AccountCreated', 'KycApproved', 'ArtistAdded', 'ArtistVerified'] as const;
export type MilestoneFactEvent = EventOfType<(typeof MILESTONE_FACT_TYPES)[number]>;

/** Where a counter keeps its sets and totals (the projection's read model, or the recorder's own). */
export interface MilestoneTables {
  fans: string;
  artists: string;
  counts: string;
}

interface FanRow {
  user_id: string;
  approved: boolean;
}

const fanTable = (tables: MilestoneTables) =>
  defineRowTable<FanRow>({ name: tables.fans, key: 'user_id', columns: ['user_id', 'approved'] });
const artistTable = (tables: MilestoneTables) =>
  defineRowTable<{ artist_id: string }>({ name: tables.artists, key: 'artist_id', columns: ['artist_id'] });

/**
 * Counts verified fans (role fan, identity approved: docs/decisions.md "Counting milestones") and
 * verified artists (public: every artist is added or verified by a verified fan). Sets keyed by id make
 * it idempotent: a fan approved twice, or an event applied again, counts once.
 */
export async function countMilestoneFacts(
  db: Queryable,
  events: readonly StoredEvent<MilestoneFactEvent>[],
  tables: MilestoneTables,
): Promise<BatchTail> {
  // Set-based: the batch's fans and artists are loaded in one select each, folded in log order, and
  // written back in one statement each (a fan approved before their account exists is not counted).
  const fanIds: string[] = [];
  const artistIds: string[] = [];
  for (const event of events) {
    if (event.type === 'ArtistAdded' || event.type === 'ArtistVerified') artistIds.push(event.data.artistId);
    else fanIds.push(event.data.userId);
  }
  // Statements that do not depend on each other go together (a pipelined connection): one round trip.
  const [fanSet, artistSet] = await Promise.all([
    RowBatch.load(db, fanTable(tables), fanIds),
    RowBatch.load(db, artistTable(tables), artistIds),
  ]);
  let fans = 0;
  let artists = 0;
  for (const event of events) {
    switch (event.type) {
      case 'AccountCreated':
        if (event.data.role === 'fan') fanSet.insertIfMissing({ user_id: event.data.userId, approved: false });
        break;
      case 'KycApproved':
        if (fanSet.get(event.data.userId)?.approved === false) {
          fanSet.update(event.data.userId, (fan) => (fan.approved = true));
          fans += 1;
        }
        break;
      case 'ArtistAdded':
      case 'ArtistVerified':
        if (artistSet.insertIfMissing({ artist_id: event.data.artistId })) artists += 1;
        break;
    }
  }
  const writes: Promise<unknown>[] = [fanSet.write(db), artistSet.write(db)];
  if (fans > 0 || artists > 0) {
    writes.push(
      db.query(
        `insert into ${tables.counts} (id, verified_fans, verified_artists) values (1, $1, $2)
       on conflict (id) do update set verified_fans = ${tables.counts}.verified_fans + excluded.verified_fans,
                                      verified_artists = ${tables.counts}.verified_artists + excluded.verified_artists`,
        [fans, artists],
      ),
    );
  }
  // Left in flight for the caller: a projection commits behind them, a reactor awaits them (BatchTail).
  return tailOf(writes);
}

export async function readMilestoneCounts(db: Queryable, tables: MilestoneTables): Promise<MilestoneCounts> {
  const { rows } = await db.query<{ verified_fans: number; verified_artists: number }>(
    `select verified_fans, verified_artists from ${tables.counts} where id = 1`,
  );
  return { verifiedFans: rows[0]?.verified_fans ?? 0, verifiedArtists: rows[0]?.verified_artists ?? 0 };
}

/** The tables' shape, for a projection migration or a database migration (names unqualified). */
export function milestoneTablesSql(tables: MilestoneTables): string {
  return `create table ${tables.fans} (
            user_id text primary key,
            approved boolean not null default false
          );
          create table ${tables.artists} (
            artist_id text primary key
          );
          create table ${tables.counts} (
            id integer primary key check (id = 1),
            verified_fans integer not null,
            verified_artists integer not null
          );`;
}
