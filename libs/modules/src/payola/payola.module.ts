import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { ExportPayolaDataHandler } from './application/queries/export-payola-data/export-payola-data.handler.js';
import { GetPayolaHistoryHandler } from './application/queries/get-payola-history/get-payola-history.handler.js';
import { GetPayolaStatsHandler } from './application/queries/get-payola-stats/get-payola-stats.handler.js';
import { GetRewardPreviewHandler } from './application/queries/get-reward-preview/get-reward-preview.handler.js';
import { PayolaController } from './http/payola.controller.js';

/**
 * The Payola ledger's read side (the api). Rewards are paid by the command that earns them, in its own
 * transaction, through awardPayola (ADR 0003); the monthly grant is a job in the worker.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [PayolaController],
  providers: [GetPayolaStatsHandler, GetPayolaHistoryHandler, GetRewardPreviewHandler, ExportPayolaDataHandler],
})
export class PayolaModule {}
