import { Controller, Get, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  canonicalVenueLinks,
  VENUE_LIST_NEXT_CURSOR_HEADER,
  ZVenueListQuery,
  ZVenueSearchQuery,
  type TVenue,
  type TVenueCounts,
  type TVenueListFilters as ListQuery,
  type TVenueRewardPreview,
  type TVenueSearchResult,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { GetRewardPreview } from '../../payola/index.js';
import { GetSimilarVenues } from '../application/queries/get-similar-venues/get-similar-venues.query.js';
import { GetVenueCounts } from '../application/queries/get-venue-counts/get-venue-counts.query.js';
import { GetVenueList, type VenueTab } from '../application/queries/get-venue-list/get-venue-list.query.js';
import { GetVenue } from '../application/queries/get-venue/get-venue.query.js';
import { actingAs } from './acting-as.js';

type SearchQuery = ReturnType<typeof ZVenueSearchQuery.parse>;

/** Spec §7 venue reads: lists (one page each, the next page's cursor in a header), search, profiles. */
@Controller('venues')
@UseGuards(SignedInGuard)
export class VenueQueriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get()
  all(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZVenueListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'all', query, res);
  }

  @Get('my')
  my(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZVenueListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'my', query, res);
  }

  @Get('favorites')
  favorites(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZVenueListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'favorites', query, res);
  }

  @Get('counts')
  counts(@CurrentUser() user: SessionUser): Promise<TVenueCounts> {
    return this.queries.execute(new GetVenueCounts(user.id));
  }

  @Get('search')
  search(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZVenueSearchQuery)) query: SearchQuery,
  ): Promise<TVenueSearchResult[]> {
    // Links still being typed may be incomplete: the valid ones take part, the others wait.
    const { links } = canonicalVenueLinks({ websiteUrl: query.websiteUrl, socialUrls: query.socialUrls });
    return this.queries.execute(
      new GetSimilarVenues(actingAs(user, query.userId), query.q, { city: query.city, state: query.state }, links),
    );
  }

  @Get('reward-preview')
  async rewardPreview(@CurrentUser() user: SessionUser): Promise<TVenueRewardPreview> {
    const preview = await this.queries.execute(new GetRewardPreview(user.id));
    return { addVenue: preview['venue-added'], confirmDuplicate: preview['venue-duplicate-confirmed'] };
  }

  @Get(':id')
  profile(@CurrentUser() user: SessionUser, @Param('id') venueId: string): Promise<TVenue> {
    return this.queries.execute(new GetVenue(venueId, user.id));
  }

  /** A page answers as JSON text (TVenue[]): the read cache keeps most of it serialized (catalog-read-cache.ts). */
  private async list(user: SessionUser, tab: VenueTab, query: ListQuery, res: Response): Promise<string> {
    const page = await this.queries.execute(new GetVenueList(user.id, tab, query));
    if (page.nextCursor) res.setHeader(VENUE_LIST_NEXT_CURSOR_HEADER, page.nextCursor);
    res.type('application/json');
    return page.json();
  }
}
