import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TShopStatus } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { listenerMembershipOpen } from '../../../../outreach/index.js';
import { GetMilestoneProgress } from '../../../../outreach/queries.js';
import { payolaBalanceOf } from '../../../../payola/index.js';
import { GetShopStatus } from './get-shop-status.query.js';

@QueryHandler(GetShopStatus)
export class GetShopStatusHandler implements IQueryHandler<GetShopStatus> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: GetShopStatus): Promise<TShopStatus> {
    const [open, progress, balance] = await Promise.all([
      listenerMembershipOpen(this.store, this.pool),
      this.queries.execute(new GetMilestoneProgress()),
      payolaBalanceOf(this.store, this.pool, userId),
    ]);
    const listener = progress.milestones.find((milestone) => milestone.id === 'listener-membership');
    return {
      open,
      targets: listener?.targets ?? { verifiedFans: 10_000, verifiedArtists: 10_000 },
      verifiedFans: progress.verifiedFans,
      verifiedArtists: progress.verifiedArtists,
      balance,
    };
  }
}
