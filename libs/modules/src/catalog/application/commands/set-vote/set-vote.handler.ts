import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { PAYOLA_LEDGER_PROJECTION } from '../../../../payola/index.js';
import { markStreamId } from '../../../catalog-names.js';
import { GetEntry } from '../../queries/get-entry/get-entry.query.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { CatalogRewards } from '../../services/catalog-rewards.js';
import { votesOnFile } from '../../services/votes-on-file.js';
import { entryNameOnFile, markedAs, setMark } from './entry-marks.js';
import { SetVote } from './set-vote.command.js';

/**
 * Payola for votes (docs/decisions.md), artists and venues alike: the first vote +1, withdrawing it
 * -1, voting again later 0. Each is a source that pays once per fan and entry.
 */
@CommandHandler(SetVote)
export class SetVoteHandler implements ICommandHandler<SetVote> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
    @Inject(CatalogRewards) private readonly rewards: CatalogRewards,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async execute({ kind, userId, entryId: asked, vote, requestId }: SetVote): Promise<TVoteResponse> {
    await this.members.voter(userId);
    await entryNameOnFile(this.repository, kind, asked);
    const { entryId, alsoRead } = await markedAs(this.pool, kind, 'vote', asked, userId);
    const name = await entryNameOnFile(this.repository, kind, entryId);
    const source = `${kind.name}-vote`;
    const voted = await setMark(
      this.repository,
      kind,
      'vote',
      { userId, entryId, wanted: vote, requestId },
      {
        waitFor: [kind.projection, PAYOLA_LEDGER_PROJECTION],
        alsoRead,
        changed: (cast, tx) =>
          this.rewards.pay(tx, userId, [
            cast
              ? { rule: 'upvote', description: `Upvoted ${name}`, source: `${source}:${entryId}` }
              : {
                  rule: 'upvote-withdrawn',
                  description: `Withdrew your vote for ${name}`,
                  source: `${source}-withdrawn:${entryId}`,
                },
          ]),
      },
    );
    const voteCount = await this.queries.execute(new GetEntry(kind, entryId, userId)).then(
      (profile) => profile.voteCount,
      (error: unknown) => {
        // Added moments ago and not yet in the read model (the worker is behind): count from the log.
        if (!(error instanceof kind.notFound().constructor)) throw error;
        return votesOnFile(this.pool, markStreamId(kind.name, 'vote', entryId, ''), {
          cast: kind.vote.on,
          withdrawn: kind.vote.off,
        });
      },
    );
    return { voted, voteCount };
  }
}
