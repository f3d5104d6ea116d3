import type { Migration } from '@app/platform';

/**
 * The catalogue's write-side uniqueness: each canonical link (platform, key) belongs to one artist.
 * Rows commit with the artist's events; `artist_name` lets a refusal name the artist. pg_trgm (shipped
 * with PostgreSQL) gives the catalogue's read models similar-name search.
 */
export const catalog0008: Migration = {
  name: '0008-catalog',
  description: 'artist link keys; pg_trgm',
  sql: `
      create extension if not exists pg_trgm;

      create table artist_link_keys (
        platform text not null,
        key text not null,
        artist_id text not null,
        artist_name text not null,
        reserved_at timestamptz not null default now(),
        primary key (platform, key)
      );
    `,
};
