import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LISTENER_MESSAGES, type TCreatePaymentIntentResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { decideStartCheckout, OwnAccountOnlyError } from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { GetPayingUser } from '../../queries/get-paying-user/get-paying-user.query.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import { CreatePaymentIntent } from './create-payment-intent.command.js';

@CommandHandler(CreatePaymentIntent)
export class CreatePaymentIntentHandler implements ICommandHandler<CreatePaymentIntent> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ userId, requestedUserId }: CreatePaymentIntent): Promise<TCreatePaymentIntentResponse> {
    const payer = await this.queries.execute(new GetPayingUser(userId));
    if (!payer) throw new OwnAccountOnlyError();
    if (payer.account.role === 'listener') throw new RefusedError('forbidden', LISTENER_MESSAGES.nothingToPay);
    decideStartCheckout(payer.payment, { userId, requestedUserId });
    // A reload of the payment page continues the open checkout instead of starting another.
    const open = await this.sessions.openCheckout(userId);
    if (open) return this.response(open.clientSecret, open.amountCents);
    const { account } = payer;
    const checkout = await this.provider.createCheckout({
      userId,
      email: account.email,
      name: `${account.firstName} ${account.lastName}`.trim(),
      role: account.role,
      attempt: (await this.sessions.countFor(userId)) + 1,
    });
    await this.sessions.record(checkout, { userId, ...account });
    return this.response(checkout.clientSecret, checkout.amountCents);
  }

  private response(clientSecret: string, amountCents: number): TCreatePaymentIntentResponse {
    return { clientSecret, mode: this.provider.mode, publishableKey: this.provider.publishableKey, amountCents };
  }
}
