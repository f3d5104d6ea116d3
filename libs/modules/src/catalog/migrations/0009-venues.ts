import type { Migration } from '@app/platform';

/**
 * The venues' write-side uniqueness, like artist_link_keys: each (platform, key) belongs to one venue,
 * where the platform is a link platform (website, instagram, ...) or 'place', whose key is the venue's
 * folded name, city and state. Rows commit with the venue's events; `venue_name` lets a refusal name it.
 */
export const venues0009: Migration = {
  name: '0009-venues',
  description: 'venue keys',
  sql: `
      create table venue_keys (
        platform text not null,
        key text not null,
        venue_id text not null,
        venue_name text not null,
        reserved_at timestamptz not null default now(),
        primary key (platform, key)
      );
      create index venue_keys_venue on venue_keys (venue_id);
    `,
};
