import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VENUE_MESSAGES, type TConfirmVenueDuplicateResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { VENUES_PROJECTION, venueStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { decideConfirmDuplicate, venueFold, VenueNotFoundError } from '../../../domain/venue.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { ConfirmVenueDuplicate } from './confirm-venue-duplicate.command.js';

/**
 * docs/decisions.md: the spec's client only displayed this reward; here the confirmation is an
 * event and pays +25 once per fan and venue.
 */
@CommandHandler(ConfirmVenueDuplicate)
export class ConfirmVenueDuplicateHandler implements ICommandHandler<ConfirmVenueDuplicate> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
  ) {}

  async execute({ userId, venueId, requestId }: ConfirmVenueDuplicate): Promise<TConfirmVenueDuplicateResponse> {
    await this.members.verifiedFan(userId, VENUE_MESSAGES.verifiedFansOnly);
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    const { result } = await this.repository.execute(
      venueStreamId(venueId),
      venueFold,
      async (state, tx) => {
        const { events, alreadyConfirmed } = decideConfirmDuplicate(state, { venueId, userId });
        const payola = alreadyConfirmed
          ? { total: 0, lines: [] }
          : await this.rewards.pay(tx, userId, [
              {
                rule: 'venue-duplicate-confirmed',
                description: `Confirmed ${state.name}`,
                source: `venue-duplicate-confirmed:${venueId}`,
              },
            ]);
        return { events, result: { venueId, alreadyConfirmed, payola } };
      },
      {
        metadata: { actingUserId: userId, requestId },
        waitFor: [VENUES_PROJECTION, PAYOLA_LEDGER_PROJECTION],
      },
    );
    return result;
  }
}
