import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { TVeriffWebhookResponse } from '@app/contracts';
import { HandleVeriffDecision } from '../application/commands/handle-veriff-decision/handle-veriff-decision.command.js';

/** Veriff's decision webhook: authenticated by its HMAC over the raw body (no session, no CSRF). */
@Controller('veriff')
export class VeriffWebhookController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() req: RawBodyRequest<Request>): Promise<TVeriffWebhookResponse> {
    const { outcome } = await this.commands.execute(
      new HandleVeriffDecision(req.rawBody ?? Buffer.alloc(0), req.headers),
    );
    if (outcome === 'duplicate') return { ok: true, duplicate: true };
    if (outcome === 'ignored') return { ok: true, ignored: true };
    return { ok: true };
  }
}
