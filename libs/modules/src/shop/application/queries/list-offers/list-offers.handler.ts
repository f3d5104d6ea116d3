import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TOfferPage } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { payolaBalanceOf } from '../../../../payola/index.js';
import { OFFER_SELECT, offersOf, type OfferRow } from '../../services/offer-rows.js';
import { ListOffers } from './list-offers.query.js';

/** `%`, `_` and `\` typed by a member match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@QueryHandler(ListOffers)
export class ListOffersHandler implements IQueryHandler<ListOffers> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  async execute({ userId, filters }: ListOffers): Promise<TOfferPage> {
    const params: unknown[] = [userId];
    const where: string[] = [];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (filters.kind) add((p) => `o.kind = ${p}`, filters.kind);
    if (filters.entryKind) add((p) => `o.owner_kind = ${p}`, filters.entryKind);
    if (filters.entryId) add((p) => `o.entry_id = ${p}`, filters.entryId);
    if (filters.search) add((p) => `o.title ilike ${p}`, likePattern(filters.search));
    // What the fan can pay now: the balance the redemption itself would decide on.
    if (filters.affordable) add((p) => `o.price <= ${p}`, await payolaBalanceOf(this.store, this.pool, userId));
    if (!filters.includeInactive) {
      where.push('o.withdrawn_at is null', 'o.valid_to > now()', 'o.redeemed < o.stock');
    }
    if (filters.cursor) add((p) => `o.position < ${p}::bigint`, filters.cursor);
    params.push(filters.limit + 1);
    const { rows } = await this.pool.query<OfferRow>(
      `${OFFER_SELECT} ${where.length ? `where ${where.join(' and ')}` : ''}
       order by o.position desc limit $${params.length}`,
      params,
    );
    const page = rows.slice(0, filters.limit);
    return {
      offers: await offersOf(this.pool, page),
      nextCursor: rows.length > filters.limit ? (page[page.length - 1]?.position ?? null) : null,
    };
  }
}
