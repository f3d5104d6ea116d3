import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { Dashboard } from './application/dashboard.js';
import { SecondFactor } from './application/second-factor.js';
import { OperatorGuard } from './http/operator.guard.js';
import { OpsController } from './http/ops.controller.js';

/**
 * The operators' console (the api side): the second factor and the dashboard. Operators are granted
 * and revoked only by the ops CLI (changeOperator); the worker runs the daily-activity projection.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [OpsController],
  providers: [SecondFactor, Dashboard, OperatorGuard],
})
export class OperatorsModule implements OnModuleDestroy {
  constructor(@Inject(Dashboard) private readonly dashboard: Dashboard) {}

  async onModuleDestroy(): Promise<void> {
    await this.dashboard.close();
  }
}
