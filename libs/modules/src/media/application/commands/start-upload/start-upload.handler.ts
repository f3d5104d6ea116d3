import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TStartUploadResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { InjectObjectStorage, type ObjectStorage } from '@app/platform';
import { checkDeclaredFile, mediaFold, uploadKeyFor } from '../../../domain/media-object.js';
import { MEDIA_PROJECTION, mediaStreamId, UPLOAD_URL_EXPIRY_SECONDS } from '../../../media-names.js';
import { MediaMembers } from '../../services/media-members.js';
import { StartUpload } from './start-upload.command.js';

@CommandHandler(StartUpload)
export class StartUploadHandler implements ICommandHandler<StartUpload> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(MediaMembers) private readonly members: MediaMembers,
    @InjectObjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async execute({ userId, kind, filename, contentType, size }: StartUpload): Promise<TStartUploadResponse> {
    await this.members.mayUpload(userId, kind);
    checkDeclaredFile(kind, { contentType, size });
    const mediaId = randomUUID();
    const uploadKey = uploadKeyFor(userId, mediaId);
    await this.repository.execute(
      mediaStreamId(mediaId),
      mediaFold,
      () => ({
        events: [
          {
            type: 'MediaUploadStarted' as const,
            data: {
              mediaId,
              userId,
              kind,
              uploadKey,
              filename,
              declaredType: contentType ?? '',
              declaredSize: size ?? 0,
            },
          },
        ],
        result: null,
      }),
      { metadata: { actingUserId: userId }, waitFor: [MEDIA_PROJECTION] },
    );
    const uploadURL = await this.storage.presignPut(uploadKey, UPLOAD_URL_EXPIRY_SECONDS);
    return {
      uploadURL,
      uploadId: mediaId,
      key: uploadKey,
      method: 'PUT',
      headers: contentType ? { 'Content-Type': contentType } : {},
      expiresInSeconds: UPLOAD_URL_EXPIRY_SECONDS,
    };
  }
}
