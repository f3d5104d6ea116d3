import type { Migration } from '@app/platform';

/**
 * One owner per username (My Profile): a row per claimed name, inserted in the transaction that
 * appends UsernameChanged and deleted when its owner moves to another, like email_reservations.
 */
export const usernames0011: Migration = {
  name: '0011-usernames',
  description: 'username reservations',
  sql: `
      create table username_reservations (
        username text primary key,
        user_id text not null unique,
        reserved_at timestamptz not null default now()
      );
    `,
};
