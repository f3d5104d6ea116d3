import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ACCOUNT_DELETION_MESSAGES, ZDeleteAccountRequest, type TAcknowledgement } from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { EraseAccount } from '../application/commands/erase-account/erase-account.command.js';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';
import { CurrentUser, RequestId } from './current-user.js';
import { SignedInGuard } from './guards.js';
import { RateLimit, RateLimitGuard } from './rate-limit.js';

/** Ends this browser's session (its row is already gone with the others) and its cookie. */
function signOut(req: Request, res: Response): Promise<void> {
  return new Promise((resolve) => {
    req.logout(() => {
      req.session.destroy(() => {
        res.clearCookie('payola.sid');
        resolve();
      });
    });
  });
}

/** My Profile's "Delete account": erasure with the password again (docs/architecture.md "Erasure"). */
@Controller('users')
export class AccountDeletionController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post('delete-account')
  @HttpCode(200)
  @RateLimit('delete-account')
  @UseGuards(SignedInGuard, RateLimitGuard)
  async deleteAccount(
    @Body(new ZodValidationPipe(ZDeleteAccountRequest)) body: ReturnType<typeof ZDeleteAccountRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(new EraseAccount(user.id, body.password, requestId));
    await signOut(req, res);
    return { ok: true, message: ACCOUNT_DELETION_MESSAGES.deleted };
  }
}
