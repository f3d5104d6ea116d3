import { Body, Controller, Get, HttpCode, Inject, Post, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { ZTestCardPaymentRequest, type TPaymentResult, type TTestCardPaymentRequest } from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, SignedInGuard, type SessionUser } from '../../../identity/index.js';
import { SubmitTestCardPayment } from '../application/commands/submit-test-card-payment/submit-test-card-payment.command.js';
import { GetTestModePortal } from '../application/queries/get-test-mode-portal/get-test-mode-portal.query.js';
import type { CardDetails } from '../payment-provider.js';

function portalPage(card: CardDetails | null): string {
  const saved = card?.last4 ? `${card.brand ?? 'card'} ending in ${card.last4}` : 'no card yet';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment methods (test mode) · Payola</title><style>body{margin:0;background:#0b0b12;color:#f4f4f7;font:16px/1.5 system-ui,sans-serif}main{max-width:560px;margin:0 auto;padding:48px 16px}p{color:#b4b4c4}</style></head>
<body><main><h1>Payment methods</h1><p>Test mode stands in for Stripe's customer portal here.</p><p>Saved: <strong>${saved}</strong></p></main></body></html>`;
}

/** The built-in test mode's card form and customer portal (404 with Stripe configured). */
@Controller('test-payments')
@UseGuards(SignedInGuard)
export class TestPaymentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('confirm')
  @HttpCode(200)
  confirm(
    @Body(new ZodValidationPipe(ZTestCardPaymentRequest)) body: TTestCardPaymentRequest,
    @CurrentUser() user: SessionUser,
  ): Promise<TPaymentResult> {
    return this.commands.execute(new SubmitTestCardPayment(user.id, body));
  }

  /** Stands in for Stripe's customer portal in test mode. */
  @Get('portal')
  async portal(@CurrentUser() user: SessionUser, @Res() res: Response): Promise<void> {
    const { savedCard } = await this.queries.execute(new GetTestModePortal(user.id));
    res.type('html').send(portalPage(savedCard));
  }
}
