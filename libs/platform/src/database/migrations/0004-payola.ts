import { Migration } from '@mikro-orm/migrations';

/**
 * Each reward is granted at most once per (account, source): the reservation commits with the
 * PayolaAwarded event, so a replayed or duplicated trigger is a no-op.
 */
export class Payola0004 extends Migration {
  override name = '0004-payola';

  override up(): void {
    this.addSql(`
      create table payola_award_sources (
        user_id text not null,
        source text not null,
        awarded_at timestamptz not null default now(),
        primary key (user_id, source)
      );
    `);
  }
}
