import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';

export const PAYOLA_LEDGER_PROJECTION = 'payola-ledger';

/**
 * The ledger: one append-only entry per PayolaAwarded event with the running balance, and each
 * account's balance (= the sum of its entries) and total earned.
 */
export const payolaLedgerProjection = defineProjection<EventOfType<'PayolaAwarded'>>({
  kind: 'projection',
  name: PAYOLA_LEDGER_PROJECTION,
  eventTypes: ['PayolaAwarded'],
  tables: ['payola_ledger', 'payola_balances'],
  migrations: [
    {
      version: 1,
      description: 'ledger entries with running balances, and balances',
      // `if not exists`: databases from before versioned read-model migrations already have them.
      sql: `create table if not exists payola_balances (
              user_id text primary key,
              balance integer not null,
              total_earned integer not null
            );
            create table if not exists payola_ledger (
              id text primary key,
              user_id text not null,
              action text not null,
              category text not null,
              description text not null,
              amount integer not null,
              balance integer not null,
              created_at timestamptz not null,
              position bigint not null
            );
            create index if not exists payola_ledger_user on payola_ledger (user_id, position desc);`,
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      const award = event.data;
      await db.query(
        `with account as (
           insert into payola_balances as b (user_id, balance, total_earned) values ($1, $2, greatest($2, 0))
           on conflict (user_id) do update set balance = b.balance + excluded.balance, total_earned = b.total_earned + excluded.total_earned
           returning balance)
         insert into payola_ledger (id, user_id, action, category, description, amount, balance, created_at, position)
         select $3, $1, $4, $5, $6, $2, account.balance, $7, $8 from account`,
        [
          award.userId,
          award.amount,
          `${event.streamId}@${event.streamVersion}`,
          award.action,
          award.category,
          award.description,
          event.recordedAt,
          event.globalPosition,
        ],
      );
    }
  },
});
