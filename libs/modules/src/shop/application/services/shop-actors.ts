import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectPool, type Pool } from '@app/platform';
import { claimedEntriesOf } from '../../../catalog/index.js';
import { IsOperatorSession } from '../../../operators/queries.js';
import type { ShopActor } from '../../domain/offer.js';

/** Who is asking, for the shop's rules: the entries the catalogue says they claimed, and whether an operator's session passed the second factor. */
@Injectable()
export class ShopActors {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async of(
    userId: string,
    request: unknown,
  ): Promise<ShopActor & { entries: Awaited<ReturnType<typeof claimedEntriesOf>> }> {
    const [entries, operator] = await Promise.all([
      claimedEntriesOf(this.pool, userId),
      this.queries.execute(new IsOperatorSession(request)),
    ]);
    return { userId, claimedEntries: entries, entries, operator };
  }
}
