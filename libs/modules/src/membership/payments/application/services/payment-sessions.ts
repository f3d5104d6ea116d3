import { Injectable } from '@nestjs/common';
import type { TRole } from '@app/contracts';
import { InjectPool, type Pool, type Queryable } from '@app/platform';
import type { CardDetails, Checkout } from '../../payment-provider.js';

/** A checkout opened with the payment provider: whose it is, and what the webhook will name. */
export interface PaymentSession {
  paymentId: string;
  userId: string;
  amountCents: number;
  customerId: string | null;
  subscriptionId: string | null;
}

interface SessionRow {
  stripe_payment_intent_id: string;
  user_id: string;
  amount_cents: number;
  customer_id: string | null;
  subscription_id: string | null;
}

const SESSION_COLUMNS = 'stripe_payment_intent_id, user_id, amount_cents, customer_id, subscription_id';

function toSession(row: SessionRow | undefined): PaymentSession | null {
  if (!row) return null;
  return {
    paymentId: row.stripe_payment_intent_id,
    userId: row.user_id,
    amountCents: row.amount_cents,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
  };
}

/**
 * The payment part's own table of checkouts (payment_sessions). The user a provider event belongs
 * to comes from here, never from the event alone.
 */
@Injectable()
export class PaymentSessions {
  constructor(@InjectPool() private readonly pool: Pool) {}

  /** The user's checkout that is still open, so a reload of the payment page continues it. */
  async openCheckout(userId: string): Promise<{ clientSecret: string; amountCents: number } | null> {
    const { rows } = await this.pool.query<{ client_secret: string; amount_cents: number }>(
      `select client_secret, amount_cents from payment_sessions where user_id = $1 and not payment_completed and expires_at > now()
       order by created_at desc limit 1`,
      [userId],
    );
    return rows[0] ? { clientSecret: rows[0].client_secret, amountCents: rows[0].amount_cents } : null;
  }

  async countFor(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      'select count(*)::int as n from payment_sessions where user_id = $1',
      [userId],
    );
    return rows[0]?.n ?? 0;
  }

  async record(
    checkout: Checkout,
    payer: { userId: string; email: string; firstName: string; lastName: string; role: TRole },
  ): Promise<void> {
    await this.pool.query(
      `insert into payment_sessions (id, stripe_payment_intent_id, user_id, email, first_name, last_name, selected_role,
         membership_addon, amount_cents, client_secret, customer_id, subscription_id)
       values (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        checkout.paymentId,
        payer.userId,
        payer.email,
        payer.firstName,
        payer.lastName,
        payer.role,
        payer.role === 'fan',
        checkout.amountCents,
        checkout.clientSecret,
        checkout.customerId,
        checkout.subscriptionId,
      ],
    );
  }

  async byPaymentId(paymentId: string): Promise<PaymentSession | null> {
    const { rows } = await this.pool.query<SessionRow>(
      `select ${SESSION_COLUMNS} from payment_sessions where stripe_payment_intent_id = $1`,
      [paymentId],
    );
    return toSession(rows[0]);
  }

  /** The test mode's card form names its checkout by the client secret; only the user's own counts. */
  async byClientSecret(clientSecret: string, userId: string): Promise<PaymentSession | null> {
    const { rows } = await this.pool.query<SessionRow>(
      `select ${SESSION_COLUMNS} from payment_sessions where client_secret = $1 and user_id = $2`,
      [clientSecret, userId],
    );
    return toSession(rows[0]);
  }

  /** The payment of the user's latest checkout that has not completed here. */
  async latestOpenPaymentId(userId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ stripe_payment_intent_id: string }>(
      `select stripe_payment_intent_id from payment_sessions
       where user_id = $1 and not payment_completed order by created_at desc limit 1`,
      [userId],
    );
    return rows[0]?.stripe_payment_intent_id ?? null;
  }

  async userForSubscription(subscriptionId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from payment_sessions where subscription_id = $1 limit 1',
      [subscriptionId],
    );
    return rows[0]?.user_id ?? null;
  }

  /** In the transaction that records the payment. */
  async markCompleted(tx: Queryable, paymentId: string): Promise<void> {
    await tx.query('update payment_sessions set payment_completed = true where stripe_payment_intent_id = $1', [
      paymentId,
    ]);
  }

  /** The test mode keeps the card it charged, as Stripe would. */
  async recordCard(paymentId: string, card: { last4: string; brand: string }): Promise<void> {
    await this.pool.query(
      'update payment_sessions set card_last4 = $2, card_brand = $3 where stripe_payment_intent_id = $1',
      [paymentId, card.last4, card.brand],
    );
  }

  async card(paymentId: string): Promise<CardDetails> {
    const { rows } = await this.pool.query<{ card_last4: string | null; card_brand: string | null }>(
      'select card_last4, card_brand from payment_sessions where stripe_payment_intent_id = $1',
      [paymentId],
    );
    return { last4: rows[0]?.card_last4 ?? null, brand: rows[0]?.card_brand ?? null };
  }

  /** The card of the user's latest completed payment. */
  async latestPaidCard(userId: string): Promise<CardDetails | null> {
    const { rows } = await this.pool.query<{ card_last4: string | null; card_brand: string | null }>(
      `select card_last4, card_brand from payment_sessions where user_id = $1 and payment_completed
       order by created_at desc limit 1`,
      [userId],
    );
    return rows[0] ? { last4: rows[0].card_last4, brand: rows[0].card_brand } : null;
  }
}
