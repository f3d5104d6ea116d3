import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '@app/event-store';
import { VENUES_PROJECTION, venueFavoriteStreamId, venueStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { decideVenueFavorite, venueFavoriteFold, venueFold, VenueNotFoundError } from '../../../domain/venue.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { SetVenueFavorite } from './set-venue-favorite.command.js';

@CommandHandler(SetVenueFavorite)
export class SetVenueFavoriteHandler implements ICommandHandler<SetVenueFavorite> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
  ) {}

  async execute({ userId, venueId, favorite, requestId }: SetVenueFavorite): Promise<{ favorited: boolean }> {
    await this.members.member(userId);
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    const { state: venue } = await this.repository.load(venueStreamId(venueId), venueFold);
    if (venue.name === null) throw new VenueNotFoundError();
    const { result: favorited } = await this.repository.execute(
      venueFavoriteStreamId(venueId, userId),
      venueFavoriteFold,
      (state) => {
        const events = decideVenueFavorite(state, { venueId, userId, favorite });
        return { events, result: events[0] ? events[0].type === 'VenueFavorited' : state.favorited };
      },
      { metadata: { actingUserId: userId, requestId }, maxAttempts: 100, waitFor: [VENUES_PROJECTION] },
    );
    return { favorited };
  }
}
