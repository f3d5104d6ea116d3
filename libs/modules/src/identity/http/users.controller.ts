import { Body, Controller, HttpCode, Inject, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  emailChangeSentMessage,
  PROFILE_MESSAGES,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZCheckUsernameRequest,
  ZConfirmEmailRequest,
  ZUpdateUserRequest,
  type TAcknowledgement,
  type TAuthUser,
  type TChangeEmailResponse,
  type TConfirmEmailResponse,
} from '@app/contracts';
import { RefusedError } from '@app/domain';
import { ZodValidationPipe } from '@app/platform';
import { ChangePassword } from '../application/commands/change-password/change-password.command.js';
import { ConfirmEmailChange } from '../application/commands/confirm-email-change/confirm-email-change.command.js';
import { RequestEmailChange } from '../application/commands/request-email-change/request-email-change.command.js';
import { UpdateProfile } from '../application/commands/update-profile/update-profile.command.js';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';
import { CheckUsername } from '../application/queries/check-username/check-username.query.js';
import { GetAuthUser } from '../application/queries/get-auth-user/get-auth-user.query.js';
import { CurrentUser, RequestId } from './current-user.js';
import { SignedInGuard } from './guards.js';
import { RateLimit, RateLimitGuard } from './rate-limit.js';

/**
 * docs/product.md §7: PATCH /api/users/{id} and POST /api/users/check-username, for the signed-in user only;
 * and the sign-in details, which need the current password: change-email (confirmed by the link sent
 * to the new address, through confirm-email, which needs no session) and change-password.
 */
@Controller('users')
export class UsersController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Patch(':id')
  @UseGuards(SignedInGuard)
  async update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZUpdateUserRequest)) body: ReturnType<typeof ZUpdateUserRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAuthUser> {
    if (id !== user.id) throw new RefusedError('forbidden', PROFILE_MESSAGES.ownProfileOnly);
    const { profileImageUrl, ...changes } = body;
    // The photo is set by PUT /api/profile-images after the api checked it; the spec's client then
    // sends its path here, which must be that photo (never an address of the client's choosing).
    if (profileImageUrl !== undefined) {
      const current = await this.queries.execute(new GetAuthUser(user.id));
      if (profileImageUrl !== current?.profileImageUrl) {
        throw new RefusedError('invalid', PROFILE_MESSAGES.photoNotUploaded);
      }
    }
    return this.commands.execute(new UpdateProfile(user.id, changes, requestId));
  }

  @Post('check-username')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  checkUsername(
    @Body(new ZodValidationPipe(ZCheckUsernameRequest)) body: ReturnType<typeof ZCheckUsernameRequest.parse>,
    @CurrentUser() user: SessionUser,
  ): Promise<{ available: boolean }> {
    return this.queries.execute(new CheckUsername(body.username, user.id));
  }

  @Post('change-email')
  @HttpCode(200)
  @RateLimit('change-email')
  @UseGuards(SignedInGuard, RateLimitGuard)
  async changeEmail(
    @Body(new ZodValidationPipe(ZChangeEmailRequest)) body: ReturnType<typeof ZChangeEmailRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TChangeEmailResponse> {
    const { pendingEmail, currentEmail } = await this.commands.execute(
      new RequestEmailChange(user.id, body.email, body.currentPassword, requestId),
    );
    return { ok: true, message: emailChangeSentMessage(pendingEmail, currentEmail), pendingEmail };
  }

  @Post('confirm-email')
  @HttpCode(200)
  async confirmEmail(
    @Body(new ZodValidationPipe(ZConfirmEmailRequest)) body: ReturnType<typeof ZConfirmEmailRequest.parse>,
    @RequestId() requestId: string | undefined,
  ): Promise<TConfirmEmailResponse> {
    const { email } = await this.commands.execute(new ConfirmEmailChange(body.token, requestId));
    return { ok: true, message: `Your Payola email address is now ${email}. Sign in with it from now on.`, email };
  }

  @Post('change-password')
  @HttpCode(200)
  @RateLimit('change-password')
  @UseGuards(SignedInGuard, RateLimitGuard)
  async changePassword(
    @Body(new ZodValidationPipe(ZChangePasswordRequest)) body: ReturnType<typeof ZChangePasswordRequest.parse>,
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
    @RequestId() requestId: string | undefined,
  ): Promise<TAcknowledgement> {
    await this.commands.execute(
      new ChangePassword(user.id, body.currentPassword, body.newPassword, req.sessionID, requestId),
    );
    return { ok: true, message: PROFILE_MESSAGES.passwordChangedDetail };
  }
}
