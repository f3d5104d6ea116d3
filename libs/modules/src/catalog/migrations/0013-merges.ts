import type { Migration } from '@app/platform';

/**
 * Merges on the write side: each duplicate is merged once (the primary key refuses a second, whatever
 * survivor it names), committed with its ArtistMerged/VenueMerged event. Votes and favourites look up
 * where a merged id leads, and which duplicates a survivor took in (its fans' earlier marks on them count).
 */
export const merges0013: Migration = {
  name: '0013-merges',
  description: 'merged duplicates of artists and venues',
  sql: `
      create table catalog_merges (
        kind text not null,
        duplicate_id text not null,
        survivor_id text not null,
        merged_at timestamptz not null default now(),
        primary key (kind, duplicate_id)
      );
      create index catalog_merges_survivor on catalog_merges (kind, survivor_id);
    `,
};
