import { Migration } from '@mikro-orm/migrations';

/**
 * Emails a command decided to send, written in the same transaction as the command's events, so a
 * Redis outage between commit and enqueue loses nothing. A row lives until it is on the email queue.
 */
export class EmailOutbox0006 extends Migration {
  override name = '0006-email-outbox';

  override up(): void {
    this.addSql(`
      create table email_outbox (
        id bigserial primary key,
        message jsonb not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
