import { Migration } from '@mikro-orm/migrations';

/**
 * One owner per username (My Profile): a row per claimed name, inserted in the transaction that
 * appends UsernameChanged and deleted when its owner moves to another, like email_reservations.
 */
export class Usernames0011 extends Migration {
  override name = '0011-usernames';

  override up(): void {
    this.addSql(`
      create table username_reservations (
        username text primary key,
        user_id text not null unique,
        reserved_at timestamptz not null default now()
      );
    `);
  }
}
