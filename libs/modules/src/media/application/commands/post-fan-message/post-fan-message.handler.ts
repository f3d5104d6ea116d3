import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MEDIA_MESSAGES, type TPostFanMessageResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository, EventStore } from '@app/event-store';
import { GetArtistOnFile } from '../../../../catalog/index.js';
import { PAYOLA_LEDGER_PROJECTION, awardPayola } from '../../../../payola/index.js';
import { decideFanMessage, mediaFold, mediaIdFromUrl } from '../../../domain/media-object.js';
import { MEDIA_PROJECTION, mediaStreamId } from '../../../media-names.js';
import { MediaMembers } from '../../services/media-members.js';
import { PostFanMessage } from './post-fan-message.command.js';

@CommandHandler(PostFanMessage)
export class PostFanMessageHandler implements ICommandHandler<PostFanMessage> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(MediaMembers) private readonly members: MediaMembers,
  ) {}

  async execute({
    userId,
    artistId,
    videoUrl,
    message,
    isPublic,
    requestId,
  }: PostFanMessage): Promise<TPostFanMessageResponse> {
    const sender = await this.members.mayUpload(userId, 'fan-video');
    const mediaId = mediaIdFromUrl(videoUrl);
    if (!mediaId) throw new RefusedError('invalid', MEDIA_MESSAGES.videoNotReady);
    // Throws ArtistNotFoundError (404) for an artist that is not on file. From the artist's stream: the
    // web app sends the message right after adding the artist, before the catalogue may show it.
    const artist = await this.queries.execute(new GetArtistOnFile(artistId));
    const { result } = await this.repository.execute(
      mediaStreamId(mediaId),
      mediaFold,
      async (state, tx) => {
        // Decided first: a refused message pays nothing.
        decideFanMessage(state, {
          mediaId,
          artistId,
          userId,
          message,
          isPublic,
          payolaEarned: 0,
          senderFanNumber: sender.foundingFanNumber,
        });
        // +25 once per fan and artist (docs/decisions.md), in the same transaction as the message.
        const { award } = await awardPayola(this.store, tx, {
          userId,
          rule: 'fan-message',
          description: `Video message to ${artist.name}`,
          source: `fan-message:${artistId}`,
        });
        const payolaEarned = award?.amount ?? 0;
        const events = decideFanMessage(state, {
          mediaId,
          artistId,
          userId,
          message,
          isPublic,
          payolaEarned,
          senderFanNumber: sender.foundingFanNumber,
        });
        const lines = award ? [{ rule: award.rule, description: award.description, amount: award.amount }] : [];
        return { events, result: { id: mediaId, payola: { total: payolaEarned, lines } } };
      },
      {
        metadata: { actingUserId: userId, requestId },
        waitFor: [MEDIA_PROJECTION, PAYOLA_LEDGER_PROJECTION],
      },
    );
    return result;
  }
}
