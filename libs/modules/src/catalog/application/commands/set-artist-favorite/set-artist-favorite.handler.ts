import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { ARTISTS_PROJECTION, artistFavoriteStreamId, artistStreamId } from '../../../catalog-names.js';
import { artistFold, ArtistNotFoundError, decideFavorite, favoriteFold } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { SetArtistFavorite } from './set-artist-favorite.command.js';

@CommandHandler(SetArtistFavorite)
export class SetArtistFavoriteHandler implements ICommandHandler<SetArtistFavorite> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
  ) {}

  async execute({ userId, artistId, favorite, requestId }: SetArtistFavorite): Promise<{ favorited: boolean }> {
    await this.members.member(userId);
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { state: artist } = await this.repository.load(artistStreamId(artistId), artistFold);
    if (artist.name === null) throw new ArtistNotFoundError();
    const { result: favorited } = await this.repository.execute(
      artistFavoriteStreamId(artistId, userId),
      favoriteFold,
      (state) => {
        const events = decideFavorite(state, { artistId, userId, favorite });
        return { events, result: events[0] ? events[0].type === 'ArtistFavorited' : state.favorited };
      },
      { metadata: { actingUserId: userId, requestId }, maxAttempts: 100, waitFor: [ARTISTS_PROJECTION] },
    );
    return { favorited };
  }
}
