import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { EventData, PaymentCompleted, TRole } from '@app/contracts';
import {
  EventStore,
  ProjectionWaiter,
  StreamVersionConflictError,
  type AppendResult,
  type NewEvent,
} from '@app/event-store';
import { InjectConfig, InjectPool, withTransaction, type AppConfig, type Pool, type PoolClient } from '@app/platform';
import { USERS_PROJECTION } from '../../identity/index.js';
import { assignFoundingFanNumber } from '../founding-fans/founding-fan-numbers.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { testModeSecret } from '../test-mode-secrets.js';

interface MembershipState {
  role: TRole | null;
  paymentCompleted: boolean;
  membershipActive: boolean;
}

function foldMembership(events: readonly { type: string; data: unknown }[]): MembershipState {
  const state: MembershipState = { role: null, paymentCompleted: false, membershipActive: false };
  for (const event of events) {
    if (event.type === 'AccountCreated') state.role = (event.data as { role: TRole }).role;
    if (event.type === 'PaymentCompleted') state.paymentCompleted = true;
    if (event.type === 'MembershipStarted') state.membershipActive = true;
    if (event.type === 'MembershipEnded') state.membershipActive = false;
  }
  return state;
}

interface PaymentSessionRow {
  user_id: string;
  amount_cents: number;
  customer_id: string | null;
  subscription_id: string | null;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** Subscription statuses after which the member is no longer paying (Stripe's retries are over). */
const ENDED_SUBSCRIPTION_STATUSES = new Set(['unpaid', 'canceled', 'incomplete_expired']);

/**
 * Stripe's webhook events, real or from the test mode, verified on the raw body and applied once.
 * The user a payment belongs to comes from our own payment session, never from the event alone.
 */
@Injectable()
export class PaymentWebhooks {
  private readonly logger = new Logger('PaymentWebhooks');
  private readonly stripe: Stripe;
  private readonly secret: string;

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {
    // Webhook verification needs no network; in test mode the key is never used for a request.
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY ?? 'sk_test_payola_built_in_test_mode');
    this.secret = config.STRIPE_SECRET_KEY
      ? config.STRIPE_WEBHOOK_SECRET!
      : testModeSecret(config.SESSION_SECRET, 'stripe-webhook');
  }

  /** For the test mode: signs a payload exactly as Stripe does. */
  sign(payload: string): string {
    return this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.secret });
  }

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!rawBody || !signature) throw new Error('missing body or signature');
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.secret);
    } catch {
      throw new BadRequestException('Invalid webhook signature.');
    }
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.completePayment(event.id, String(object.id), object);
      case 'invoice.paid': {
        if (object.billing_reason === 'subscription_create')
          return this.completePayment(event.id, String(object.id), object);
        const subscription = (object.parent as { subscription_details?: { subscription?: string } } | undefined)
          ?.subscription_details?.subscription;
        const periodEnd = typeof object.period_end === 'number' ? new Date(object.period_end * 1000) : new Date();
        return subscription ? this.renewMembership(event.id, subscription, periodEnd) : 'ignored';
      }
      case 'customer.subscription.deleted':
        return this.endMembership(event.id, String(object.id));
      case 'customer.subscription.updated':
        // Stripe has stopped retrying a failed monthly payment (or the subscription was cancelled):
        // the membership, and with it the monthly Payola, ends until a payment succeeds again.
        return ENDED_SUBSCRIPTION_STATUSES.has(String(object.status))
          ? this.endMembership(event.id, String(object.id))
          : 'ignored';
      default:
        return 'ignored';
    }
  }

  /**
   * For a payer back from the card provider before its webhook: asks the provider whether this
   * user's open payment is paid and, if so, completes it exactly as the webhook would (the webhook,
   * arriving later, then changes nothing). Only the user's own payment sessions are considered.
   */
  async reconcile(userId: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payment_sessions
       where user_id = $1 and not payment_completed order by created_at desc limit 1`,
      [userId],
    );
    const paymentId = rows[0]?.stripe_payment_intent_id;
    if (!paymentId) return false;
    const paid = await this.provider.paidPayment(paymentId);
    if (!paid) return false;
    await this.completePayment(`reconcile:${paymentId}`, paymentId, paid);
    return true;
  }

  private async completePayment(
    eventId: string,
    paymentId: string,
    object: Record<string, unknown>,
  ): Promise<WebhookOutcome> {
    const { rows } = await this.pool.query<PaymentSessionRow>(
      'select user_id, amount_cents, customer_id, subscription_id from payment_sessions where stripe_payment_intent_id = $1',
      [paymentId],
    );
    const session = rows[0];
    if (!session) {
      this.logger.warn(`payment ${paymentId} has no payment session here; ignored`);
      return 'ignored';
    }
    const claimedUser = (object.metadata as { userId?: string } | undefined)?.userId;
    if (claimedUser && claimedUser !== session.user_id) {
      throw new BadRequestException('This payment belongs to another account.');
    }
    const card = await this.provider.cardDetails(paymentId);
    const paidCents = Number(object.amount_received ?? object.amount_paid ?? session.amount_cents);
    const outcome = await this.applyOnce(eventId, session.user_id, async (client, state) => {
      if (state.paymentCompleted) return [];
      const fan = state.role === 'fan';
      const foundingFanNumber = fan ? await assignFoundingFanNumber(client, session.user_id) : null;
      const paidAt = new Date().toISOString();
      const payment: EventData<typeof PaymentCompleted> = {
        userId: session.user_id,
        amountCents: paidCents,
        currency: String(object.currency ?? 'usd'),
        provider: this.provider.mode === 'stripe' ? 'stripe' : 'stripe-test-mode',
        providerPaymentId: paymentId,
        customerId: session.customer_id,
        subscriptionId: session.subscription_id,
        cardLast4: card.last4,
        cardBrand: card.brand,
        paidAt,
        foundingFanNumber,
      };
      await client.query('update payment_sessions set payment_completed = true where stripe_payment_intent_id = $1', [
        paymentId,
      ]);
      const events: NewEvent[] = [{ type: 'PaymentCompleted', data: payment }];
      if (fan && session.subscription_id) {
        events.push({
          type: 'MembershipStarted',
          data: { userId: session.user_id, subscriptionId: session.subscription_id, startedAt: paidAt },
        });
      }
      return events;
    });
    return outcome;
  }

  private async renewMembership(eventId: string, subscriptionId: string, paidUntil: Date): Promise<WebhookOutcome> {
    const userId = await this.userForSubscription(subscriptionId);
    if (!userId) return 'ignored';
    return this.applyOnce(eventId, userId, async (_client, state) => {
      if (!state.paymentCompleted) return [];
      const renewed: NewEvent = { type: 'MembershipRenewed', data: { userId, paidUntil: paidUntil.toISOString() } };
      if (state.membershipActive) return [renewed];
      // A member whose membership lapsed for non-payment pays again (Stripe retried, or they updated
      // their card): the membership starts again.
      const started: NewEvent = {
        type: 'MembershipStarted',
        data: { userId, subscriptionId, startedAt: new Date().toISOString() },
      };
      return [started, renewed];
    });
  }

  private async endMembership(eventId: string, subscriptionId: string): Promise<WebhookOutcome> {
    const userId = await this.userForSubscription(subscriptionId);
    if (!userId) return 'ignored';
    return this.applyOnce(eventId, userId, async (_client, state) =>
      state.membershipActive ? [{ type: 'MembershipEnded', data: { userId, endedAt: new Date().toISOString() } }] : [],
    );
  }

  private async userForSubscription(subscriptionId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from payment_sessions where subscription_id = $1 limit 1',
      [subscriptionId],
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * Marks the provider event handled and appends what it decides, in one transaction; a repeated
   * event is a no-op, and a concurrent change to the user's stream makes it decide again.
   */
  private async applyOnce(
    eventId: string,
    userId: string,
    decide: (client: PoolClient, state: MembershipState) => Promise<NewEvent[]>,
  ): Promise<WebhookOutcome> {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await withTransaction(this.pool, async (client) => {
          const fresh = await client.query(
            "insert into processed_webhook_events (provider, event_id) values ('stripe', $1) on conflict do nothing",
            [eventId],
          );
          if (fresh.rowCount === 0) return 'duplicate' as const;
          const history = await this.store.readStream(`user-${userId}`, client);
          const events = await decide(client, foldMembership(history));
          if (events.length === 0) return 'ignored' as const;
          const version = history.length ? history[history.length - 1]!.streamVersion : 0;
          return this.store.append(
            `user-${userId}`,
            version,
            events.map((e) => ({ ...e, metadata: { causationId: eventId } })),
            { client },
          );
        });
        if (typeof result === 'string') return result;
        this.store.notifyAppended(result as AppendResult);
        await this.waiter.waitFor((result as AppendResult).position, [USERS_PROJECTION], 3000);
        return 'processed';
      } catch (error) {
        if (error instanceof StreamVersionConflictError && attempt < 5) continue;
        throw error;
      }
    }
  }
}
