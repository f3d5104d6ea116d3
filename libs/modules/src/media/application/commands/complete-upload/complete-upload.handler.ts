import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MEDIA_MESSAGES, mediaPath, type MediaKind, type TMediaObject } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { InjectObjectStorage, type ObjectStorage } from '@app/platform';
import {
  assertPendingUploadOf,
  FileRefusedError,
  judgeStoredFile,
  mediaFold,
  mediaKeyFor,
  type MediaEvent,
} from '../../../domain/media-object.js';
import { MEDIA_PROJECTION, mediaStreamId } from '../../../media-names.js';
import { MediaProcessing, SNIFF_BYTES } from '../../services/media-processing.js';
import { CompleteUpload } from './complete-upload.command.js';

type Outcome =
  | { ok: true; key: string; contentType: string; size: number; posterKey: string | null }
  | { ok: false; title: string; reason: string };

@CommandHandler(CompleteUpload)
export class CompleteUploadHandler implements ICommandHandler<CompleteUpload> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(MediaProcessing) private readonly processing: MediaProcessing,
    @InjectObjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async execute({ userId, mediaId }: CompleteUpload): Promise<TMediaObject> {
    const stream = mediaStreamId(mediaId);
    const { state } = await this.repository.load(stream, mediaFold);
    const upload = assertPendingUploadOf(state, userId);
    const outcome = await this.inspect(upload.kind, mediaId, upload.uploadKey);
    const event: MediaEvent = outcome.ok
      ? {
          type: 'MediaUploadVerified',
          data: {
            mediaId,
            key: outcome.key,
            contentType: outcome.contentType,
            size: outcome.size,
            posterKey: outcome.posterKey,
          },
        }
      : { type: 'MediaUploadRejected', data: { mediaId, reason: outcome.reason } };
    await this.repository.execute(
      stream,
      mediaFold,
      (current) => {
        // A second "complete" racing this one: whichever appends first decides.
        assertPendingUploadOf(current, userId);
        return { events: [event], result: null };
      },
      { metadata: { actingUserId: userId }, waitFor: [MEDIA_PROJECTION] },
    );
    if (!outcome.ok) throw new FileRefusedError(outcome.title, outcome.reason);
    return {
      mediaId,
      url: mediaPath(mediaId),
      contentType: outcome.contentType,
      size: outcome.size,
      posterUrl: outcome.posterKey ? `${mediaPath(mediaId)}/poster` : null,
    };
  }

  /** Nothing the browser said is trusted: the size and type are read from storage. */
  private async inspect(kind: MediaKind, mediaId: string, uploadKey: string): Promise<Outcome> {
    const stat = await this.storage.stat(uploadKey);
    if (!stat) throw new RefusedError('invalid', MEDIA_MESSAGES.uploadMissing);
    const head = stat.size > 0 ? await this.storage.readHead(uploadKey, SNIFF_BYTES) : Buffer.alloc(0);
    const verdict = judgeStoredFile(kind, { size: stat.size, sniffedType: await this.processing.sniff(head) });
    if (!verdict.ok) {
      await this.storage.remove(uploadKey);
      return { ok: false, title: verdict.title, reason: verdict.reason };
    }
    const key = mediaKeyFor(kind, mediaId, verdict.contentType);
    if (kind === 'profile-photo') {
      const photo = await this.processing.reencodePhoto(await this.storage.read(uploadKey), verdict.contentType);
      await this.storage.remove(uploadKey);
      const messages = MEDIA_MESSAGES[kind];
      if (!photo) return { ok: false, title: messages.invalidTypeTitle, reason: messages.invalidType };
      await this.storage.write(key, photo, verdict.contentType);
      return { ok: true, key, contentType: verdict.contentType, size: photo.length, posterKey: null };
    }
    await this.storage.copy(uploadKey, key);
    await this.storage.remove(uploadKey);
    const poster = this.processing.canMakePosters()
      ? await this.processing.posterFrame(await this.storage.read(key))
      : null;
    const posterKey = poster ? `media/posters/${mediaId}.jpg` : null;
    if (poster && posterKey) await this.storage.write(posterKey, poster, 'image/jpeg');
    return { ok: true, key, contentType: verdict.contentType, size: stat.size, posterKey };
  }
}
