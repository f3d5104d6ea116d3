import type { Migration } from '@app/platform';

/**
 * Each reward is granted at most once per (account, source): the reservation commits with the
 * PayolaAwarded event, so a replayed or duplicated trigger is a no-op.
 */
export const payola0004: Migration = {
  name: '0004-payola',
  description: 'one reward per (account, source)',
  sql: `
      create table payola_award_sources (
        user_id text not null,
        source text not null,
        awarded_at timestamptz not null default now(),
        primary key (user_id, source)
      );
    `,
};
