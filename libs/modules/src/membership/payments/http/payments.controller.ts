import { Body, Controller, Headers, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  ZConfirmPaymentRequest,
  ZCreatePaymentIntentRequest,
  type TConfirmPaymentResponse,
  type TCreatePaymentIntentRequest,
  type TCreatePaymentIntentResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, SignedInGuard, type SessionUser } from '../../../identity/index.js';
import { ConfirmPayment } from '../application/commands/confirm-payment/confirm-payment.command.js';
import { CreatePaymentIntent } from '../application/commands/create-payment-intent/create-payment-intent.command.js';
import type { WebhookOutcome } from '../application/commands/complete-payment/complete-payment.command.js';
import { HandleStripeWebhook } from '../application/commands/handle-stripe-webhook/handle-stripe-webhook.command.js';
import { OpenCustomerPortal } from '../application/commands/open-customer-portal/open-customer-portal.command.js';

/** docs/product.md §7: create-payment-intent, stripe/confirm-payment, stripe/customer-portal, and Stripe's webhook. */
@Controller()
export class PaymentsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('create-payment-intent')
  @UseGuards(SignedInGuard)
  createPaymentIntent(
    @Body(new ZodValidationPipe(ZCreatePaymentIntentRequest)) body: TCreatePaymentIntentRequest,
    @CurrentUser() user: SessionUser,
  ): Promise<TCreatePaymentIntentResponse> {
    return this.commands.execute(new CreatePaymentIntent(user.id, body.userId));
  }

  /** After the browser confirmed with the provider: waits (bounded) for the payment to land. */
  @Post('stripe/confirm-payment')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  confirmPayment(
    @Body(new ZodValidationPipe(ZConfirmPaymentRequest)) _body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<TConfirmPaymentResponse> {
    return this.commands.execute(new ConfirmPayment(user.id));
  }

  @Post('stripe/customer-portal')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  customerPortal(@CurrentUser() user: SessionUser): Promise<{ url: string }> {
    return this.commands.execute(new OpenCustomerPortal(user.id));
  }

  /** Stripe's webhook: authenticated by its signature over the raw body (exempt from CSRF). */
  @Post('stripe/webhook')
  @HttpCode(200)
  async webhook(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    return { received: true, outcome: await this.commands.execute(new HandleStripeWebhook(req.rawBody, signature)) };
  }
}
