import type { Migration } from '../migrations-runner.js';

/**
 * Emails a command decided to send, written in the same transaction as the command's events, so a
 * Redis outage between commit and enqueue loses nothing. A row lives until it is on the email queue.
 */
export const emailOutbox0006: Migration = {
  name: '0006-email-outbox',
  description: 'the email outbox',
  sql: `
      create table email_outbox (
        id bigserial primary key,
        message jsonb not null,
        created_at timestamptz not null default now()
      );
    `,
};
