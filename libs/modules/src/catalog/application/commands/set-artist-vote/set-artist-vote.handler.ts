import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { USERS_PROJECTION } from '../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { ARTISTS_PROJECTION, artistStreamId, artistVoteStreamId } from '../../../catalog-names.js';
import { artistFold, ArtistNotFoundError, decideVote, voteFold } from '../../../domain/artist.js';
import { isCatalogId } from '../../../domain/catalog-id.js';
import { GetArtist } from '../../queries/get-artist/get-artist.query.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { votesOnFile } from '../../services/votes-on-file.js';
import { SetArtistVote } from './set-artist-vote.command.js';

/**
 * Payola for votes (product-decisions.md): the first vote +1, withdrawing it -1, voting again later 0.
 * Each is a source that pays once per fan and artist.
 */
@CommandHandler(SetArtistVote)
export class SetArtistVoteHandler implements ICommandHandler<SetArtistVote> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async execute({ userId, artistId, vote, requestId }: SetArtistVote): Promise<TVoteResponse> {
    await this.members.member(userId);
    if (!isCatalogId(artistId)) throw new ArtistNotFoundError();
    const { state: artist } = await this.repository.load(artistStreamId(artistId), artistFold);
    if (artist.name === null) throw new ArtistNotFoundError();
    const { result: voted } = await this.repository.execute(
      artistVoteStreamId(artistId, userId),
      voteFold,
      async (state, tx) => {
        const events = decideVote(state, { artistId, userId, vote });
        const change = events[0]?.type;
        if (change === 'VoteCast') {
          await this.rewards.pay(tx, userId, [
            { rule: 'upvote', description: `Upvoted ${artist.name}`, source: `artist-vote:${artistId}` },
          ]);
        } else if (change === 'VoteWithdrawn') {
          await this.rewards.pay(tx, userId, [
            {
              rule: 'upvote-withdrawn',
              description: `Withdrew your vote for ${artist.name}`,
              source: `artist-vote-withdrawn:${artistId}`,
            },
          ]);
        }
        return { events, result: change ? change === 'VoteCast' : state.voted };
      },
      {
        metadata: { actingUserId: userId, requestId },
        // Many identical requests at once all land on this fan's own stream: each decides again.
        maxAttempts: 100,
        waitFor: [ARTISTS_PROJECTION, PAYOLA_LEDGER_PROJECTION, USERS_PROJECTION],
      },
    );
    const voteCount = await this.queries.execute(new GetArtist(artistId, userId)).then(
      (profile) => profile.voteCount,
      (error: unknown) => {
        // Added moments ago and not yet in the read model (the worker is behind): count from the log.
        if (!(error instanceof ArtistNotFoundError)) throw error;
        return votesOnFile(this.pool, artistVoteStreamId(artistId, ''), {
          cast: 'VoteCast',
          withdrawn: 'VoteWithdrawn',
        });
      },
    );
    return { voted, voteCount };
  }
}
