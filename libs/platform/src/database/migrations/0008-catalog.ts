import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue's write-side uniqueness: each canonical link (platform, key) belongs to one artist.
 * Rows commit with the artist's events; `artist_name` lets a refusal name the artist. pg_trgm (shipped
 * with PostgreSQL) gives the catalogue's read models similar-name search.
 */
export class Catalog0008 extends Migration {
  override name = '0008-catalog';

  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`
      create table artist_link_keys (
        platform text not null,
        key text not null,
        artist_id text not null,
        artist_name text not null,
        reserved_at timestamptz not null default now(),
        primary key (platform, key)
      );
    `);
  }
}
