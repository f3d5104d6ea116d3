import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  ForbiddenException,
  Headers,
  HttpCode,
  Inject,
  Logger,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import {
  PAYMENT_MESSAGES,
  ZConfirmPaymentRequest,
  ZCreatePaymentIntentRequest,
  type TConfirmPaymentResponse,
  type TCreatePaymentIntentRequest,
  type TCreatePaymentIntentResponse,
  type TRole,
} from '@app/contracts';
import { InjectConfig, InjectPool, ZodValidationPipe, type AppConfig, type Pool } from '@app/platform';
import { SignedInGuard } from '../../identity/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentWebhooks } from './payment-webhooks.js';

interface PayingUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: TRole;
  payment_completed: boolean;
  stripe_customer_id: string | null;
}

function sessionUserId(req: Request): string {
  return (req.user as { id: string }).id;
}

/** Spec §7: create-payment-intent, stripe/confirm-payment, stripe/customer-portal, and Stripe's webhook. */
@Controller()
export class PaymentsController {
  private readonly logger = new Logger('PaymentsController');

  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectConfig() private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PaymentWebhooks) private readonly webhooks: PaymentWebhooks,
  ) {}

  private async payingUser(userId: string): Promise<PayingUser> {
    const { rows } = await this.pool.query<PayingUser>(
      `select id, email, first_name, last_name, role, payment_completed, stripe_customer_id
       from identity_users where id = $1`,
      [userId],
    );
    if (!rows[0]) throw new ForbiddenException(PAYMENT_MESSAGES.ownAccountOnly);
    return rows[0];
  }

  @Post('create-payment-intent')
  @UseGuards(SignedInGuard)
  async createPaymentIntent(
    @Body(new ZodValidationPipe(ZCreatePaymentIntentRequest)) body: TCreatePaymentIntentRequest,
    @Req() req: Request,
  ): Promise<TCreatePaymentIntentResponse> {
    const userId = sessionUserId(req);
    if (body.userId && body.userId !== userId) throw new ForbiddenException(PAYMENT_MESSAGES.ownAccountOnly);
    const user = await this.payingUser(userId);
    if (user.payment_completed) throw new ConflictException(PAYMENT_MESSAGES.alreadyPaid);
    const response = (clientSecret: string, amountCents: number): TCreatePaymentIntentResponse => ({
      clientSecret,
      mode: this.provider.mode,
      publishableKey: this.provider.publishableKey,
      amountCents,
    });
    // A reload of the payment page continues the open checkout instead of starting another.
    const open = await this.pool.query<{ client_secret: string; amount_cents: number }>(
      `select client_secret, amount_cents from payment_sessions where user_id = $1 and not payment_completed and expires_at > now()
       order by created_at desc limit 1`,
      [userId],
    );
    if (open.rows[0]) return response(open.rows[0].client_secret, open.rows[0].amount_cents);
    const { rows } = await this.pool.query<{ n: number }>(
      'select count(*)::int as n from payment_sessions where user_id = $1',
      [userId],
    );
    const checkout = await this.provider.createCheckout({
      userId,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
      role: user.role,
      attempt: (rows[0]?.n ?? 0) + 1,
    });
    await this.pool.query(
      `insert into payment_sessions (id, stripe_payment_intent_id, user_id, email, first_name, last_name, selected_role,
         membership_addon, amount_cents, client_secret, customer_id, subscription_id)
       values (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        checkout.paymentId,
        userId,
        user.email,
        user.first_name,
        user.last_name,
        user.role,
        user.role === 'fan',
        checkout.amountCents,
        checkout.clientSecret,
        checkout.customerId,
        checkout.subscriptionId,
      ],
    );
    return response(checkout.clientSecret, checkout.amountCents);
  }

  /** After the browser confirmed with the provider: waits (bounded) for the webhook to land. */
  @Post('stripe/confirm-payment')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirmPayment(
    @Body(new ZodValidationPipe(ZConfirmPaymentRequest)) _body: unknown,
    @Req() req: Request,
  ): Promise<TConfirmPaymentResponse> {
    const userId = sessionUserId(req);
    let user = await this.payingUser(userId);
    if (!user.payment_completed) {
      // Back from the card provider: ask it directly rather than wait for a webhook that may be late.
      const completed = await this.webhooks.reconcile(userId).catch((error: unknown) => {
        this.logger.warn(`could not ask the payment provider about ${userId}'s payment: ${String(error)}`);
        return false;
      });
      // A completion waits for the users projection, so this read already shows it.
      if (completed) user = await this.payingUser(userId);
    }
    for (let i = 0; i < 50 && !user.payment_completed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      user = await this.payingUser(userId);
    }
    return { user: { id: user.id, role: user.role }, paymentCompleted: user.payment_completed };
  }

  @Post('stripe/customer-portal')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async customerPortal(@Req() req: Request): Promise<{ url: string }> {
    const user = await this.payingUser(sessionUserId(req));
    if (!user.stripe_customer_id) throw new BadRequestException(PAYMENT_MESSAGES.noPaymentMethods);
    try {
      const url = await this.provider.createPortalSession(user.stripe_customer_id, `${this.config.PUBLIC_URL}/profile`);
      return { url };
    } catch {
      throw new BadRequestException(PAYMENT_MESSAGES.portalUnavailable);
    }
  }

  /** Stripe's webhook: authenticated by its signature over the raw body (exempt from CSRF). */
  @Post('stripe/webhook')
  @HttpCode(200)
  async webhook(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: string }> {
    const outcome = await this.webhooks.handle(req.rawBody, signature);
    return { received: true, outcome };
  }
}
