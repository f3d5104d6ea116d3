import type { EventOfType } from '@app/contracts';
import { defineProjection, tailOf, defineRowTable, insertRows, RowBatch } from '@app/event-store';

export const PAYOLA_LEDGER_PROJECTION = 'payola-ledger';

interface BalanceRow {
  user_id: string;
  balance: number;
  total_earned: number;
}

const BALANCES = defineRowTable<BalanceRow>({
  name: 'payola_balances',
  key: 'user_id',
  columns: ['user_id', 'balance', 'total_earned'],
});

/**
 * The ledger: one append-only entry per PayolaAwarded, PayolaSpent (a debit: "Redeemed <offer>") and
 * PayolaRefunded (a credit) event with the running balance, and each account's balance (= the sum of
 * its entries) and total earned (awards only: spending and refunds move the balance, not what was earned).
 */
export const payolaLedgerProjection = defineProjection<EventOfType<'PayolaAwarded' | 'PayolaSpent' | 'PayolaRefunded'>>(
  {
    kind: 'projection',
    name: PAYOLA_LEDGER_PROJECTION,
    eventTypes: ['PayolaAwarded', 'PayolaSpent', 'PayolaRefunded'],
    tables: ['payola_ledger', 'payola_balances'],
    // The ledger by user is for the history and the data export: the handler only appends to the ledger.
    rebuildDefersIndexesOf: ['payola_ledger'],
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
      const balances = await RowBatch.load(
        db,
        BALANCES,
        events.map((event) => event.data.userId),
      );
      // In log order, so each entry's running balance is the one sequential processing gives.
      const entries = events.map((event) => {
        const award = event.data;
        const amount = event.type === 'PayolaSpent' ? -award.amount : award.amount;
        const earned = event.type === 'PayolaAwarded' ? Math.max(award.amount, 0) : 0;
        if (!balances.insertIfMissing({ user_id: award.userId, balance: amount, total_earned: earned })) {
          balances.update(award.userId, (account) => {
            account.balance += amount;
            account.total_earned += earned;
          });
        }
        return {
          id: `${event.streamId}@${event.streamVersion}`,
          user_id: award.userId,
          action: award.action,
          category: award.category,
          description: award.description,
          amount,
          balance: balances.get(award.userId)?.balance,
          created_at: event.recordedAt,
          position: event.globalPosition,
        };
      });
      // The batch's tail: both writes go together, and the COMMIT behind them (BatchTail).
      return tailOf([balances.write(db), insertRows(db, 'payola_ledger', entries)]);
    },
  },
);
