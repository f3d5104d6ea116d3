import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { cursorRows, type DataExportSections, type ExportRow } from '@app/platform';
import { ExportPayolaData } from './export-payola-data.query.js';

interface LedgerRow {
  id: string;
  created_at: Date;
  category: string;
  action: string;
  description: string;
  amount: number;
  balance: number;
}

/** Every ledger entry, oldest first, read through a cursor: a member may have thousands. */
@QueryHandler(ExportPayolaData)
export class ExportPayolaDataHandler implements IQueryHandler<ExportPayolaData> {
  execute({ userId, db }: ExportPayolaData): Promise<DataExportSections> {
    async function* ledger(): AsyncGenerator<ExportRow> {
      const rows = cursorRows<LedgerRow>(
        db,
        `select id, created_at, category, action, description, amount, balance
         from payola_ledger where user_id = $1 order by position`,
        [userId],
      );
      for await (const row of rows) {
        yield {
          entryId: row.id,
          date: row.created_at.toISOString(),
          category: row.category,
          action: row.action,
          cause: row.description,
          amount: row.amount,
          balanceAfter: row.balance,
        };
      }
    }
    return Promise.resolve([
      {
        file: 'payola-ledger',
        about:
          'Every Payola entry on your account, oldest first: when, the category and action that earned ' +
          '(or took back) it, what caused it, the amount, and your balance after it. Your balance is the ' +
          'sum of the amounts.',
        columns: ['entryId', 'date', 'category', 'action', 'cause', 'amount', 'balanceAfter'],
        rows: ledger,
      },
    ]);
  }
}
