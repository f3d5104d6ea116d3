import type { Migration } from '@app/platform';

/**
 * The outreach module's write side. `waitlist_entries`: who the Listener email goes to, written with
 * the WaitlistJoined event, each marked in the transaction that stages its email. The milestone
 * recorder's own counts (a reactor cannot wait on a projection). `outreach_invitation_campaigns`:
 * the Listener milestone was reached, so the waitlist is being emailed.
 */
export const outreach0010: Migration = {
  name: '0010-outreach',
  description: 'waitlist, invitation campaigns, milestone recorder counts',
  sql: `
      create table waitlist_entries (
        email_key text primary key,
        entry_id uuid not null unique,
        email text not null,
        first_name text not null,
        joined_at timestamptz not null default now(),
        listener_invited_at timestamptz
      );
      create index waitlist_entries_not_invited on waitlist_entries (joined_at, email_key)
        where listener_invited_at is null;
      create table outreach_invitation_campaigns (
        milestone text primary key,
        milestone_event bigint not null,
        opened_at timestamptz not null default now()
      );
      create table milestone_recorder_fans (
        user_id text primary key,
        approved boolean not null default false
      );
      create table milestone_recorder_artists (
        artist_id text primary key
      );
      create table milestone_recorder_counts (
        id integer primary key check (id = 1),
        verified_fans integer not null,
        verified_artists integer not null
      );
    `,
};
