import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { TPayolaHistoryEntry, TPayolaStats } from '@app/contracts';
import { SignedInGuard } from '../../identity/index.js';
import { InjectPool, type Pool } from '@app/platform';

function signedInUserId(req: Request): string {
  return (req.user as { id: string }).id;
}

/** Spec §7 payola/stats and payola/history: the signed-in user's own ledger only. */
@Controller('payola')
@UseGuards(SignedInGuard)
export class PayolaController {
  constructor(@InjectPool() private readonly pool: Pool) {}

  @Get('stats')
  async stats(@Req() req: Request): Promise<TPayolaStats> {
    const { rows } = await this.pool.query<{ balance: number; total_earned: number }>(
      'select balance, total_earned from payola_balances where user_id = $1',
      [signedInUserId(req)],
    );
    return { currentBalance: rows[0]?.balance ?? 0, totalEarned: rows[0]?.total_earned ?? 0 };
  }

  @Get('history')
  async history(@Req() req: Request): Promise<TPayolaHistoryEntry[]> {
    const { rows } = await this.pool.query<{
      id: string;
      action: string;
      category: string;
      description: string;
      amount: number;
      balance: number;
      created_at: Date;
    }>(
      `select id, action, category, description, amount, balance, created_at from payola_ledger
       where user_id = $1 order by position desc limit 1000`,
      [signedInUserId(req)],
    );
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      category: row.category,
      description: row.description,
      amount: row.amount,
      balance: row.balance,
      createdAt: row.created_at.toISOString(),
    }));
  }
}
