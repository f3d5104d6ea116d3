import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { USERS_PROJECTION } from '../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { VENUES_PROJECTION, venueStreamId, venueVoteStreamId } from '../../../catalog-names.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { decideVenueVote, venueFold, VenueNotFoundError, venueVoteFold } from '../../../domain/venue.js';
import { GetVenue } from '../../queries/get-venue/get-venue.query.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { votesOnFile } from '../../services/votes-on-file.js';
import { SetVenueVote } from './set-venue-vote.command.js';

/** product-decisions.md: venues are upvoted like artists (first vote +1, withdrawing -1, again 0). */
@CommandHandler(SetVenueVote)
export class SetVenueVoteHandler implements ICommandHandler<SetVenueVote> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async execute({ userId, venueId, vote, requestId }: SetVenueVote): Promise<TVoteResponse> {
    await this.members.member(userId);
    if (!isCatalogId(venueId)) throw new VenueNotFoundError();
    const { state: venue } = await this.repository.load(venueStreamId(venueId), venueFold);
    if (venue.name === null) throw new VenueNotFoundError();
    const { result: voted } = await this.repository.execute(
      venueVoteStreamId(venueId, userId),
      venueVoteFold,
      async (state, tx) => {
        const events = decideVenueVote(state, { venueId, userId, vote });
        const change = events[0]?.type;
        if (change === 'VenueVoteCast') {
          await this.rewards.pay(tx, userId, [
            { rule: 'upvote', description: `Upvoted ${venue.name}`, source: `venue-vote:${venueId}` },
          ]);
        } else if (change === 'VenueVoteWithdrawn') {
          await this.rewards.pay(tx, userId, [
            {
              rule: 'upvote-withdrawn',
              description: `Withdrew your vote for ${venue.name}`,
              source: `venue-vote-withdrawn:${venueId}`,
            },
          ]);
        }
        return { events, result: change ? change === 'VenueVoteCast' : state.voted };
      },
      {
        metadata: { actingUserId: userId, requestId },
        // Many identical requests at once all land on this user's own stream: each decides again.
        maxAttempts: 100,
        waitFor: [VENUES_PROJECTION, PAYOLA_LEDGER_PROJECTION, USERS_PROJECTION],
      },
    );
    const voteCount = await this.queries.execute(new GetVenue(venueId, userId)).then(
      (profile) => profile.voteCount,
      (error: unknown) => {
        // Added moments ago and not yet in the read model (the worker is behind): count from the log.
        if (!(error instanceof VenueNotFoundError)) throw error;
        return votesOnFile(this.pool, venueVoteStreamId(venueId, ''), {
          cast: 'VenueVoteCast',
          withdrawn: 'VenueVoteWithdrawn',
        });
      },
    );
    return { voted, voteCount };
  }
}
