import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TConfirmPaymentResponse, TPaymentStanding } from '@app/contracts';
import { InjectLogger, type Logger } from '@app/platform';
import { GetAccount } from '../../../../../identity/index.js';
import { OwnAccountOnlyError } from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { GetPaymentStanding } from '../../queries/get-payment-standing/get-payment-standing.query.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import { CompletePayment } from '../complete-payment/complete-payment.command.js';
import { ConfirmPayment } from './confirm-payment.command.js';

const WEBHOOK_WAIT_POLLS = 50;
const WEBHOOK_POLL_MS = 100;

/** The payment is decided either way: completed, or reported with another amount (the payer must be told). */
const settled = (standing: TPaymentStanding): boolean => standing.paymentCompleted || standing.amountMismatch !== null;

/**
 * Back from the card provider: asks it directly rather than wait for a webhook that may be late
 * (the webhook, arriving later, then changes nothing), else waits (bounded) for the webhook. The next
 * auth check shows the payment at once (it folds the standing from the log), so no read model is awaited.
 * A payment reported short or in another currency ends the wait at once, and the answer says so.
 */
@CommandHandler(ConfirmPayment)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPayment> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId }: ConfirmPayment): Promise<TConfirmPaymentResponse> {
    const account = await this.queries.execute(new GetAccount(userId));
    if (!account) throw new OwnAccountOnlyError();
    let standing = await this.queries.execute(new GetPaymentStanding(userId));
    if (!settled(standing)) {
      await this.reconcile(userId).catch((error: unknown) => {
        this.logger.warn({ err: error, userId }, "could not ask the payment provider about the user's payment");
      });
      standing = await this.queries.execute(new GetPaymentStanding(userId));
    }
    for (let i = 0; i < WEBHOOK_WAIT_POLLS && !settled(standing); i++) {
      await sleep(WEBHOOK_POLL_MS);
      standing = await this.queries.execute(new GetPaymentStanding(userId));
    }
    return { user: { id: account.id, role: account.role }, ...standing };
  }

  /**
   * Completes the user's open payment exactly as its webhook would, if the provider says it is paid.
   * Only the user's own checkouts are considered.
   */
  private async reconcile(userId: string): Promise<void> {
    const paymentId = await this.sessions.latestOpenPaymentId(userId);
    if (!paymentId) return;
    const paid = await this.provider.paidPayment(paymentId);
    if (paid) await this.commands.execute(new CompletePayment(`reconcile:${paymentId}`, paymentId, paid));
  }
}
