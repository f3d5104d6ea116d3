import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectPool, type Pool } from '@app/platform';
import { GetPayolaHistory, type PayolaHistoryPage } from './get-payola-history.query.js';

interface LedgerRow {
  id: string;
  action: string;
  category: string;
  description: string;
  amount: number;
  balance: number;
  created_at: Date;
  total: number;
}

/** `%` and `_` in what the user typed are letters, not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the signed-in user's ledger, newest first, filtered on the server (docs/product.md §6 filters). */
@QueryHandler(GetPayolaHistory)
export class GetPayolaHistoryHandler implements IQueryHandler<GetPayolaHistory> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId, filters }: GetPayolaHistory): Promise<PayolaHistoryPage> {
    const params: unknown[] = [userId];
    const where = ['user_id = $1'];
    const add = (condition: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (filters.since) add((p) => `created_at >= ${p}::timestamptz`, filters.since);
    if (filters.category) add((p) => `category = ${p}`, filters.category);
    if (filters.action) add((p) => `action = ${p}`, filters.action);
    if (filters.search) {
      add(
        (p) => `(description ilike ${p} or action ilike ${p} or category ilike ${p})`,
        containsPattern(filters.search),
      );
    }
    params.push(filters.pageSize, (filters.page - 1) * filters.pageSize);
    // The count rides along with the page (a window over the filtered rows), so one query answers both.
    const { rows } = await this.pool.query<LedgerRow>(
      `select id, action, category, description, amount, balance, created_at, count(*) over ()::int as total
       from payola_ledger where ${where.join(' and ')}
       order by position desc limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && filters.page > 1) {
      // Past the last page: still say how many there are, so the browser can step back.
      const count = await this.pool.query<{ total: number }>(
        `select count(*)::int as total from payola_ledger where ${where.join(' and ')}`,
        params.slice(0, -2),
      );
      total = count.rows[0]?.total ?? 0;
    }
    return {
      entries: rows.map((row) => ({
        id: row.id,
        action: row.action,
        category: row.category,
        description: row.description,
        amount: row.amount,
        balance: row.balance,
        createdAt: row.created_at.toISOString(),
      })),
      total,
    };
  }
}
