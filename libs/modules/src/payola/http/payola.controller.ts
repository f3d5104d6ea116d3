import { Controller, Get, Inject, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  PAYOLA_HISTORY_TOTAL_HEADER,
  ZPayolaHistoryQuery,
  type TPayolaHistoryEntry,
  type TPayolaHistoryQuery,
  type TPayolaStats,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { GetPayolaHistory } from '../application/queries/get-payola-history/get-payola-history.query.js';
import { GetPayolaStats } from '../application/queries/get-payola-stats/get-payola-stats.query.js';

/** docs/product.md §7 payola/stats and payola/history: the signed-in user's own ledger only. */
@Controller('payola')
@UseGuards(SignedInGuard)
export class PayolaController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('stats')
  stats(@CurrentUser() user: SessionUser): Promise<TPayolaStats> {
    return this.queries.execute(new GetPayolaStats(user.id));
  }

  /** The spec's array of entries (one page); the number matching the filters in X-Total-Count. */
  @Get('history')
  async history(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZPayolaHistoryQuery)) filters: TPayolaHistoryQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TPayolaHistoryEntry[]> {
    const { entries, total } = await this.queries.execute(new GetPayolaHistory(user.id, filters));
    res.setHeader(PAYOLA_HISTORY_TOTAL_HEADER, String(total));
    return entries;
  }
}
