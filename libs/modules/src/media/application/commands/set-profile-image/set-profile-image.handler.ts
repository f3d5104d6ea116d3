import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { mediaPath, type TSetProfileImageResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { assertAttachable, mediaFold, mediaIdFromUrl, MediaNotFoundError } from '../../../domain/media-object.js';
import { USERS_PROJECTION } from '../../../../identity/index.js';
import { MEDIA_PROJECTION, mediaStreamId } from '../../../media-names.js';
import { CompleteUpload } from '../complete-upload/complete-upload.command.js';
import { SetProfileImage } from './set-profile-image.command.js';

@CommandHandler(SetProfileImage)
export class SetProfileImageHandler implements ICommandHandler<SetProfileImage> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ userId, profileImageUrl }: SetProfileImage): Promise<TSetProfileImageResponse> {
    const mediaId = mediaIdFromUrl(profileImageUrl);
    if (!mediaId) throw new MediaNotFoundError();
    const stream = mediaStreamId(mediaId);
    const { state } = await this.repository.load(stream, mediaFold);
    // The spec's client hands over the upload URL right after its PUT: check the photo first.
    if (state.status === 'pending') await this.commands.execute(new CompleteUpload(userId, mediaId));
    await this.repository.execute(
      stream,
      mediaFold,
      (current) => {
        assertAttachable(current, userId, 'profile-photo');
        return { events: [{ type: 'ProfileImageSet' as const, data: { mediaId, userId } }], result: null };
      },
      // The nav bar's avatar (the auth check) shows the new photo as soon as this answers.
      { metadata: { actingUserId: userId }, waitFor: [MEDIA_PROJECTION, USERS_PROJECTION] },
    );
    return { objectPath: mediaPath(mediaId) };
  }
}
