import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { CompleteUploadHandler } from './application/commands/complete-upload/complete-upload.handler.js';
import { PostFanMessageHandler } from './application/commands/post-fan-message/post-fan-message.handler.js';
import { SetProfileImageHandler } from './application/commands/set-profile-image/set-profile-image.handler.js';
import { StartUploadHandler } from './application/commands/start-upload/start-upload.handler.js';
import { ExportMediaDataHandler } from './application/queries/export-media-data/export-media-data.handler.js';
import { GetFanMessagesHandler } from './application/queries/get-fan-messages/get-fan-messages.handler.js';
import { GetMediaDownloadHandler } from './application/queries/get-media-download/get-media-download.handler.js';
import { MediaMembers } from './application/services/media-members.js';
import { MediaProcessing } from './application/services/media-processing.js';
import { MediaController } from './http/media.controller.js';

/**
 * Media: uploads straight from the browser to object storage (signed here), checked after arrival;
 * fan video messages and profile photos attach checked objects; reads go through signed URLs.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [MediaController],
  providers: [
    MediaMembers,
    MediaProcessing,
    StartUploadHandler,
    CompleteUploadHandler,
    SetProfileImageHandler,
    PostFanMessageHandler,
    GetMediaDownloadHandler,
    GetFanMessagesHandler,
    ExportMediaDataHandler,
  ],
})
export class MediaModule {}
