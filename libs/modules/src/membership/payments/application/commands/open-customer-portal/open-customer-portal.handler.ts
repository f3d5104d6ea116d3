import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { InjectConfig, type AppConfig } from '@app/platform';
import { decideOpenPortal, OwnAccountOnlyError, PortalUnavailableError } from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { GetPayingUser } from '../../queries/get-paying-user/get-paying-user.query.js';
import { OpenCustomerPortal } from './open-customer-portal.command.js';

@CommandHandler(OpenCustomerPortal)
export class OpenCustomerPortalHandler implements ICommandHandler<OpenCustomerPortal> {
  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ userId }: OpenCustomerPortal): Promise<{ url: string }> {
    const payer = await this.queries.execute(new GetPayingUser(userId));
    if (!payer) throw new OwnAccountOnlyError();
    const { customerId } = decideOpenPortal(payer.payment);
    try {
      return { url: await this.provider.createPortalSession(customerId, `${this.config.PUBLIC_URL}/profile`) };
    } catch {
      throw new PortalUnavailableError();
    }
  }
}
