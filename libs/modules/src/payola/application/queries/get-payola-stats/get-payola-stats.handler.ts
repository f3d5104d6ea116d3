import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TPayolaStats } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { GetPayolaStats } from './get-payola-stats.query.js';

@QueryHandler(GetPayolaStats)
export class GetPayolaStatsHandler implements IQueryHandler<GetPayolaStats> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ userId }: GetPayolaStats): Promise<TPayolaStats> {
    const { rows } = await this.pool.query<{ balance: number; total_earned: number }>(
      'select balance, total_earned from payola_balances where user_id = $1',
      [userId],
    );
    return { currentBalance: rows[0]?.balance ?? 0, totalEarned: rows[0]?.total_earned ?? 0 };
  }
}
