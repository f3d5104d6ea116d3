import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { Dashboard } from './application/dashboard.js';
import { SecondFactor } from './application/second-factor.js';
import { OperatorGuard } from './http/operator.guard.js';
import { IsOperatorSessionHandler } from './application/queries/is-operator-session/is-operator-session.handler.js';
import { MembersController } from './http/members.controller.js';
import { OpsController } from './http/ops.controller.js';
import { ReportsController } from './http/reports.controller.js';
import { ClaimsController } from './http/claims.controller.js';

/**
 * The operators' console (the api side): the second factor, the dashboard and members' suspension. Operators are granted
 * and revoked only by the ops CLI (changeOperator); the worker runs the daily-activity projection.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [OpsController, MembersController, ReportsController, ClaimsController],
  providers: [SecondFactor, Dashboard, OperatorGuard, IsOperatorSessionHandler],
})
export class OperatorsModule implements OnModuleDestroy {
  constructor(@Inject(Dashboard) private readonly dashboard: Dashboard) {}

  async onModuleDestroy(): Promise<void> {
    await this.dashboard.close();
  }
}
