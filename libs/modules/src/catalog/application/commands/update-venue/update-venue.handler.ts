import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VENUE_MESSAGES, type TAddVenueResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { VENUES_PROJECTION, venueStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { claimFold } from '../../../domain/entry-claims.js';
import { decideUpdateVenue, venueFold, VenueNotFoundError, venuePlaceKey } from '../../../domain/venue.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { VenueReservations } from '../../services/venue-reservations.js';
import { venueDetails } from '../add-venue/venue-details.js';
import { UpdateVenue } from './update-venue.command.js';

/** An update pays nothing: the reward was for putting the venue on the map. */
@CommandHandler(UpdateVenue)
export class UpdateVenueHandler implements ICommandHandler<UpdateVenue> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(VenueReservations) private readonly reservations: VenueReservations,
  ) {}

  async execute({ userId, venueId, venue, requestId }: UpdateVenue): Promise<TAddVenueResponse> {
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    // A claimed venue is its claimant's (a venue-role member, not a fan); until then, its adder's.
    const { claimant } = (await this.repository.load(venueStreamId(venueId), claimFold)).state;
    if (claimant !== userId) await this.members.verifiedFan(userId, VENUE_MESSAGES.verifiedFansOnly);
    const details = venueDetails(venue);
    const { result } = await this.repository.execute(
      venueStreamId(venueId),
      venueFold,
      async (state, tx) => {
        // Read again in this transaction: an approval racing the save moves the stream's version too.
        const claims = (await this.repository.load(venueStreamId(venueId), claimFold, tx)).state;
        const events = decideUpdateVenue(state, { venueId, userId, details, claimant: claims.claimant });
        await this.reservations.reserve(
          tx,
          { id: venueId, name: venue.name, placeKey: venuePlaceKey(venue), links: details.links },
          { release: true },
        );
        return { events, result: { id: venueId, name: venue.name, payola: { total: 0, lines: [] } } };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [VENUES_PROJECTION] },
    );
    return result;
  }
}
