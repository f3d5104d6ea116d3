import { Controller, Get, Inject, Param, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  ARTIST_LIST_NEXT_CURSOR_HEADER,
  canonicalArtistLinks,
  ZArtistListQuery,
  ZArtistSearchQuery,
  type TArtist,
  type TArtistCounts,
  type TArtistListFilters as ListQuery,
  type TArtistRewardPreview,
  type TArtistSearchResult,
  type TArtistVerificationStatus,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { GetRewardPreview } from '../../payola/index.js';
import { GetArtistCounts } from '../application/queries/get-artist-counts/get-artist-counts.query.js';
import { GetArtistList, type ArtistTab } from '../application/queries/get-artist-list/get-artist-list.query.js';
import { GetArtistVerification } from '../application/queries/get-artist-verification/get-artist-verification.query.js';
import { GetArtist } from '../application/queries/get-artist/get-artist.query.js';
import { GetSimilarArtists } from '../application/queries/get-similar-artists/get-similar-artists.query.js';
import { actingAs } from './acting-as.js';

type SearchQuery = ReturnType<typeof ZArtistSearchQuery.parse>;

/** Spec §7 artist reads: lists (one page each, the next page's cursor in a header), search, profiles. */
@Controller('artists')
@UseGuards(SignedInGuard)
export class ArtistQueriesController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get('all')
  all(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZArtistListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'all', query, res);
  }

  @Get('my')
  my(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZArtistListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'my', query, res);
  }

  @Get('favorites')
  favorites(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZArtistListQuery)) query: ListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.list(user, 'favorites', query, res);
  }

  @Get('counts')
  counts(@CurrentUser() user: SessionUser): Promise<TArtistCounts> {
    return this.queries.execute(new GetArtistCounts(user.id));
  }

  @Get('search')
  search(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZArtistSearchQuery)) query: SearchQuery,
  ): Promise<TArtistSearchResult[]> {
    // Links still being typed may be incomplete: the valid ones take part, the others wait.
    const { links } = canonicalArtistLinks({ ...query, socialUrls: query.socialUrls });
    return this.queries.execute(new GetSimilarArtists(actingAs(user, query.userId), query.q, links));
  }

  @Get('reward-preview')
  async rewardPreview(@CurrentUser() user: SessionUser): Promise<TArtistRewardPreview> {
    const preview = await this.queries.execute(new GetRewardPreview(user.id));
    return {
      addArtist: preview['artist-added'],
      perLink: preview['artist-link'],
      verifyArtist: preview['artist-verified'],
    };
  }

  @Get(':artistId/verification/:userId')
  verification(
    @CurrentUser() user: SessionUser,
    @Param('artistId') artistId: string,
    @Param('userId') userId: string,
  ): Promise<TArtistVerificationStatus> {
    return this.queries.execute(new GetArtistVerification(artistId, actingAs(user, userId)));
  }

  @Get(':id')
  profile(
    @CurrentUser() user: SessionUser,
    @Param('id') artistId: string,
    @Query('userId') userId: string | undefined,
  ): Promise<TArtist> {
    return this.queries.execute(
      new GetArtist(artistId, actingAs(user, typeof userId === 'string' ? userId : undefined)),
    );
  }

  /** A page answers as JSON text (TArtist[]): the read cache keeps most of it serialized (catalog-read-cache.ts). */
  private async list(user: SessionUser, tab: ArtistTab, query: ListQuery, res: Response): Promise<string> {
    const page = await this.queries.execute(new GetArtistList(user.id, tab, query));
    if (page.nextCursor) res.setHeader(ARTIST_LIST_NEXT_CURSOR_HEADER, page.nextCursor);
    res.type('application/json');
    return page.json();
  }
}
