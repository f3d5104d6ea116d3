import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  ZFanMessagesQuery,
  ZPostFanMessageRequest,
  ZSetProfileImageRequest,
  ZStartUploadRequest,
  type TFanMessage,
  type TMediaObject,
  type TPostFanMessageResponse,
  type TSetProfileImageResponse,
  type TStartUploadResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { actingAs } from '../../catalog/index.js';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { CompleteUpload } from '../application/commands/complete-upload/complete-upload.command.js';
import { PostFanMessage } from '../application/commands/post-fan-message/post-fan-message.command.js';
import { SetProfileImage } from '../application/commands/set-profile-image/set-profile-image.command.js';
import { StartUpload } from '../application/commands/start-upload/start-upload.command.js';
import { GetFanMessages } from '../application/queries/get-fan-messages/get-fan-messages.query.js';
import { GetMediaDownload } from '../application/queries/get-media-download/get-media-download.query.js';

/** Uploads (sign, check), reading media, profile photos and fan messages (docs/product.md §7); always as the session's user. */
@Controller()
@UseGuards(SignedInGuard)
export class MediaController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post('objects/upload')
  startUpload(
    @Body(new ZodValidationPipe(ZStartUploadRequest)) body: ReturnType<typeof ZStartUploadRequest.parse>,
    @CurrentUser() user: SessionUser,
  ): Promise<TStartUploadResponse> {
    return this.commands.execute(new StartUpload(user.id, body.kind, body.filename, body.contentType, body.size));
  }

  @Post('objects/:id/complete')
  @HttpCode(200)
  completeUpload(@Param('id') mediaId: string, @CurrentUser() user: SessionUser): Promise<TMediaObject> {
    return this.commands.execute(new CompleteUpload(user.id, mediaId));
  }

  @Get('media/:id')
  async download(@Param('id') mediaId: string, @CurrentUser() user: SessionUser, @Res() res: Response) {
    redirectTo(res, await this.queries.execute(new GetMediaDownload(user.id, mediaId, 'file')));
  }

  @Get('media/:id/poster')
  async poster(@Param('id') mediaId: string, @CurrentUser() user: SessionUser, @Res() res: Response) {
    redirectTo(res, await this.queries.execute(new GetMediaDownload(user.id, mediaId, 'poster')));
  }

  @Put('profile-images')
  setProfileImage(
    @Body(new ZodValidationPipe(ZSetProfileImageRequest)) body: ReturnType<typeof ZSetProfileImageRequest.parse>,
    @CurrentUser() user: SessionUser,
  ): Promise<TSetProfileImageResponse> {
    return this.commands.execute(new SetProfileImage(user.id, body.profileImageUrl));
  }

  @Post('fan-messages')
  postFanMessage(
    @Body(new ZodValidationPipe(ZPostFanMessageRequest)) body: ReturnType<typeof ZPostFanMessageRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TPostFanMessageResponse> {
    return this.commands.execute(
      new PostFanMessage(
        actingAs(user, body.userId),
        body.artistId,
        body.videoUrl,
        body.message,
        body.isPublic,
        requestId,
      ),
    );
  }

  @Get('fan-messages')
  fanMessages(
    @Query(new ZodValidationPipe(ZFanMessagesQuery)) query: ReturnType<typeof ZFanMessagesQuery.parse>,
    @CurrentUser() user: SessionUser,
  ): Promise<TFanMessage[]> {
    return this.queries.execute(new GetFanMessages(user.id, query.artistId));
  }
}

/**
 * Media is never served from our origin: the browser follows a short-lived signed URL to storage,
 * which answers with the checked type, inline. The redirect itself may be reused while that URL lives.
 */
function redirectTo(res: Response, { url }: { url: string }): void {
  res.setHeader('Cache-Control', 'private, max-age=240');
  res.redirect(302, url);
}
