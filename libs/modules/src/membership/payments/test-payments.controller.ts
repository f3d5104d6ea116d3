import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
  Post,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  PAYMENT_MESSAGES,
  ZTestCardPaymentRequest,
  type TPaymentResult,
  type TTestCardPaymentRequest,
} from '@app/contracts';
import { InjectPool, ZodValidationPipe, type Pool } from '@app/platform';
import { SignedInGuard } from '../../identity/index.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PaymentWebhooks } from './payment-webhooks.js';
import { cardBrand, TEST_CARDS } from './test-mode-payment-provider.js';

interface SessionRow {
  stripe_payment_intent_id: string;
  user_id: string;
  amount_cents: number;
  customer_id: string | null;
  subscription_id: string | null;
  payment_completed: boolean;
}

function validExpiry(expiry: string, now = new Date()): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/**
 * The built-in test mode's card form (only when no Stripe keys are set). It charges Stripe's test
 * cards, then delivers a Stripe-shaped event, signed the way Stripe signs, to the same webhook
 * handler that real Stripe events go through.
 */
@Controller('test-payments')
export class TestPaymentsController {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(PaymentWebhooks) private readonly webhooks: PaymentWebhooks,
  ) {}

  private assertTestMode(): void {
    if (this.provider.mode !== 'test') throw new NotFoundException('Not found');
  }

  @Post('confirm')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async confirm(
    @Body(new ZodValidationPipe(ZTestCardPaymentRequest)) body: TTestCardPaymentRequest,
    @Req() req: Request,
  ): Promise<TPaymentResult> {
    this.assertTestMode();
    const userId = (req.user as { id: string }).id;
    const { rows } = await this.pool.query<SessionRow>(
      `select stripe_payment_intent_id, user_id, amount_cents, customer_id, subscription_id, payment_completed
       from payment_sessions where client_secret = $1 and user_id = $2`,
      [body.clientSecret, userId],
    );
    const session = rows[0];
    if (!session) throw new BadRequestException(PAYMENT_MESSAGES.sessionNotFound);
    const number = body.cardNumber.replace(/[\s-]/g, '');
    const card = TEST_CARDS[number];
    if (!/^\d{12,19}$/.test(number) || !card) throw new BadRequestException(PAYMENT_MESSAGES.cardNumberIncorrect);
    if (!validExpiry(body.expiry)) throw new BadRequestException(PAYMENT_MESSAGES.expiryInvalid);
    if (!/^\d{3,4}$/.test(body.cvc)) throw new BadRequestException(PAYMENT_MESSAGES.cvcInvalid);
    if (card.outcome === 'declined') {
      throw new HttpException({ message: card.message, code: card.code }, HttpStatus.PAYMENT_REQUIRED);
    }

    const paymentId = session.stripe_payment_intent_id;
    await this.pool.query(
      'update payment_sessions set card_last4 = $2, card_brand = $3 where stripe_payment_intent_id = $1',
      [paymentId, number.slice(-4), cardBrand(number)],
    );
    const created = Math.floor(Date.now() / 1000);
    const object = session.subscription_id
      ? {
          id: paymentId,
          object: 'invoice',
          billing_reason: 'subscription_create',
          amount_paid: session.amount_cents,
          currency: 'usd',
          status: 'paid',
          customer: session.customer_id,
          period_end: created + 31 * 24 * 60 * 60,
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: session.subscription_id, metadata: { userId } },
          },
        }
      : {
          id: paymentId,
          object: 'payment_intent',
          amount: session.amount_cents,
          amount_received: session.amount_cents,
          currency: 'usd',
          status: 'succeeded',
          customer: session.customer_id,
          metadata: { userId },
        };
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      livemode: false,
      type: session.subscription_id ? 'invoice.paid' : 'payment_intent.succeeded',
      data: { object },
    });
    await this.webhooks.handle(Buffer.from(payload), this.webhooks.sign(payload));
    return { status: 'succeeded', paymentIntentId: paymentId };
  }

  /** Stands in for Stripe's customer portal in test mode. */
  @Get('portal')
  @UseGuards(SignedInGuard)
  async portal(@Req() req: Request, @Res() res: Response): Promise<void> {
    this.assertTestMode();
    const { rows } = await this.pool.query<{ card_last4: string | null; card_brand: string | null }>(
      `select card_last4, card_brand from payment_sessions where user_id = $1 and payment_completed
       order by created_at desc limit 1`,
      [(req.user as { id: string }).id],
    );
    const card = rows[0]?.card_last4
      ? `${rows[0].card_brand ?? 'card'} ending in ${rows[0].card_last4}`
      : 'no card yet';
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment methods (test mode) · Payola</title><style>body{margin:0;background:#0b0b12;color:#f4f4f7;font:16px/1.5 system-ui,sans-serif}main{max-width:560px;margin:0 auto;padding:48px 16px}p{color:#b4b4c4}</style></head>
<body><main><h1>Payment methods</h1><p>Test mode stands in for Stripe's customer portal here.</p><p>Saved: <strong>${card}</strong></p></main></body></html>`);
  }
}
