import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VENUE_MESSAGES, type TAddVenueResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { VENUES_PROJECTION, venueStreamId } from '../../../catalog-names.js';
import { decideAddVenue, venueFold, venuePlaceKey } from '../../../domain/venue.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { VenueReservations } from '../../services/venue-reservations.js';
import { AddVenue } from './add-venue.command.js';
import { venueDetails } from './venue-details.js';

@CommandHandler(AddVenue)
export class AddVenueHandler implements ICommandHandler<AddVenue> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(VenueReservations) private readonly reservations: VenueReservations,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
  ) {}

  async execute({ userId, venue, requestId }: AddVenue): Promise<TAddVenueResponse> {
    const fan = await this.members.verifiedFan(userId, VENUE_MESSAGES.verifiedFansOnly);
    const details = venueDetails(venue);
    const venueId = randomUUID();
    const { result } = await this.repository.execute(
      venueStreamId(venueId),
      venueFold,
      async (state, tx) => {
        const events = decideAddVenue(state, venueId, {
          ...details,
          addedBy: userId,
          addedByFoundingFanNumber: fan.foundingFanNumber,
        });
        await this.reservations.reserve(tx, {
          id: venueId,
          name: venue.name,
          placeKey: venuePlaceKey(venue),
          links: details.links,
        });
        // Recorded in this transaction: a venue is on file if and only if it paid.
        const payola = await this.rewards.pay(tx, userId, [
          { rule: 'venue-added', description: `Added ${venue.name}`, source: `venue-added:${venueId}` },
        ]);
        return { events, result: { id: venueId, name: venue.name, payola } };
      },
      {
        metadata: { actingUserId: userId, requestId },
        waitFor: [VENUES_PROJECTION, PAYOLA_LEDGER_PROJECTION],
      },
    );
    return result;
  }
}
