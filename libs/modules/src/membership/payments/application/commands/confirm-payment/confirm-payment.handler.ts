import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { EventOfType, TConfirmPaymentResponse, TPaymentStanding } from '@app/contracts';
import { EventStore, ProjectionWaiter, type LogPosition } from '@app/event-store';
import { InjectLogger, type Logger } from '@app/platform';
import { GetAccount, USERS_PROJECTION } from '../../../../../identity/index.js';
import { OwnAccountOnlyError, paymentStreamId } from '../../../domain/payment.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payment-provider.js';
import { GetPaymentStanding } from '../../queries/get-payment-standing/get-payment-standing.query.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import { CompletePayment } from '../complete-payment/complete-payment.command.js';
import { ConfirmPayment } from './confirm-payment.command.js';

const WEBHOOK_WAIT_POLLS = 50;
const WEBHOOK_POLL_MS = 100;
const READ_YOUR_WRITES_MS = 3000;

/** The payment is decided either way: completed, or reported with another amount (the payer must be told). */
const settled = (standing: TPaymentStanding): boolean => standing.paymentCompleted || standing.amountMismatch !== null;

/**
 * Back from the card provider: asks it directly rather than wait for a webhook that may be late
 * (the webhook, arriving later, then changes nothing), else waits (bounded) for the webhook. Once
 * the payment is on the stream, waits for the users projection, so the next auth check shows it.
 * A payment reported short or in another currency ends the wait at once, and the answer says so.
 */
@CommandHandler(ConfirmPayment)
export class ConfirmPaymentHandler implements ICommandHandler<ConfirmPayment> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
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
    const completed = standing.paymentCompleted ? await this.completion(userId) : null;
    if (completed) await this.waiter.waitFor(completed, [USERS_PROJECTION], READ_YOUR_WRITES_MS);
    return { user: { id: account.id, role: account.role }, ...standing };
  }

  /** Where the user's PaymentCompleted is in the log, or null while there is none. */
  private async completion(userId: string): Promise<LogPosition | null> {
    const [completed] = await this.store.readStream<EventOfType<'PaymentCompleted'>>(
      paymentStreamId(userId),
      undefined,
      ['PaymentCompleted'],
    );
    return completed ?? null;
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
