import { Body, Controller, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { PROFILE_MESSAGES, ZCheckUsernameRequest, ZUpdateUserRequest, type TAuthUser } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { ZodValidationPipe } from '@app/platform';
import { UpdateProfile } from '../application/commands/update-profile/update-profile.command.js';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';
import { CheckUsername } from '../application/queries/check-username/check-username.query.js';
import { GetAuthUser } from '../application/queries/get-auth-user/get-auth-user.query.js';
import { CurrentUser, RequestId } from './current-user.js';
import { SignedInGuard } from './guards.js';

/** Spec §7: PATCH /api/users/{id} and POST /api/users/check-username, for the signed-in user only. */
@Controller('users')
@UseGuards(SignedInGuard)
export class UsersController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Patch(':id')
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
  checkUsername(
    @Body(new ZodValidationPipe(ZCheckUsernameRequest)) body: ReturnType<typeof ZCheckUsernameRequest.parse>,
    @CurrentUser() user: SessionUser,
  ): Promise<{ available: boolean }> {
    return this.queries.execute(new CheckUsername(body.username, user.id));
  }
}
