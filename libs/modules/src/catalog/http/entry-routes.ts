import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  ZFavoriteRequest,
  ZReportRequest,
  ZVoteRequest,
  type TArtistCounts,
  type TReportResponse,
  type TVoteResponse,
} from '@app/contracts';
import type { CanonicalLink } from '@app/domain';
import { ZodValidationPipe } from '@app/platform';
import {
  CurrentUser,
  RateLimit,
  RateLimitGuard,
  RequestId,
  SignedInGuard,
  type SessionUser,
} from '../../identity/index.js';
import { GetRewardPreview, type RewardPreview } from '../../payola/index.js';
import { ReportEntry } from '../application/commands/report-entry/report-entry.command.js';
import { SetFavorite } from '../application/commands/set-favorite/set-favorite.command.js';
import { SetVote } from '../application/commands/set-vote/set-vote.command.js';
import { GetEntryCounts } from '../application/queries/get-entry-counts/get-entry-counts.query.js';
import { GetEntryList, type ListPaging } from '../application/queries/get-entry-list/get-entry-list.query.js';
import { GetEntry } from '../application/queries/get-entry/get-entry.query.js';
import { GetSimilarEntries } from '../application/queries/get-similar-entries/get-similar-entries.query.js';
import type { CatalogTab } from '../application/queries/catalog-list-sql.js';
import type { CatalogEntry, CatalogKind, EntryPlace, EntryRow } from '../catalog-kind.js';
import { actingAs } from './acting-as.js';

/** The routes of a kind of entry that differ (docs/product.md §7: their paths, schemas and answers are exact). */
export interface EntryRoutes<T extends CatalogEntry, F extends ListPaging, S> {
  kind: CatalogKind<T, EntryRow, F>;
  /** `artists`, `venues`: the routes' prefix. */
  path: string;
  /** The public tab's path under the prefix: `all` for artists, none for venues. */
  allPath: string;
  listQuery: z.ZodType<F>;
  /** The response header that carries the next page's cursor. */
  nextCursorHeader: string;
  searchQuery: z.ZodType<S>;
  /** What a search compares with: the typed name, the typed links that are complete, the place (venues). */
  similarTo(query: S): { userId?: string; name: string; links: CanonicalLink[]; place?: EntryPlace };
  rewardPreview(preview: RewardPreview): object;
  /** Artists' profile reads `?userId=` (refused when it names someone else); venues' reads none. */
  profileReadsUserId: boolean;
}

/**
 * The routes every kind of entry has, as one controller per kind: its tabs (one page each, the next
 * page's cursor in a header), counts, similar-entry search, reward preview and profile (reads), and the
 * vote and favourite (writes, always acting as the session's user). A kind's own writes live in its
 * own controller. The fixed paths come before `:id`, which would otherwise take them.
 */
export function entryRoutesController<T extends CatalogEntry, F extends ListPaging, S>(
  routes: EntryRoutes<T, F, S>,
): Type<object> {
  const { kind } = routes;

  @Controller(routes.path)
  @UseGuards(SignedInGuard)
  class EntryRoutesController {
    constructor(
      @Inject(QueryBus) private readonly queries: QueryBus,
      @Inject(CommandBus) private readonly commands: CommandBus,
    ) {}

    @Get(routes.allPath)
    all(
      @CurrentUser() user: SessionUser,
      @Query(new ZodValidationPipe(routes.listQuery)) query: F,
      @Res() res: Response,
    ) {
      return this.list(user, 'all', query, res);
    }

    @Get('my')
    my(
      @CurrentUser() user: SessionUser,
      @Query(new ZodValidationPipe(routes.listQuery)) query: F,
      @Res() res: Response,
    ) {
      return this.list(user, 'my', query, res);
    }

    @Get('favorites')
    favorites(
      @CurrentUser() user: SessionUser,
      @Query(new ZodValidationPipe(routes.listQuery)) query: F,
      @Res() res: Response,
    ) {
      return this.list(user, 'favorites', query, res);
    }

    @Get('counts')
    counts(@CurrentUser() user: SessionUser): Promise<TArtistCounts> {
      return this.queries.execute(new GetEntryCounts(kind, user.id));
    }

    @Get('search')
    search(@CurrentUser() user: SessionUser, @Query(new ZodValidationPipe(routes.searchQuery)) query: S) {
      // Links still being typed may be incomplete: the valid ones take part, the others wait.
      const { userId, name, links, place } = routes.similarTo(query);
      return this.queries.execute(new GetSimilarEntries(kind, actingAs(user, userId), name, links, place));
    }

    @Get('reward-preview')
    async rewardPreview(@CurrentUser() user: SessionUser): Promise<object> {
      return routes.rewardPreview(await this.queries.execute(new GetRewardPreview(user.id)));
    }

    @Get(':id')
    profile(
      @CurrentUser() user: SessionUser,
      @Param('id') entryId: string,
      @Query('userId') userId: string | undefined,
    ): Promise<T> {
      const claimed = routes.profileReadsUserId && typeof userId === 'string' ? userId : undefined;
      return this.queries.execute(new GetEntry(kind, entryId, actingAs(user, claimed)));
    }

    @Post(':id/vote')
    @HttpCode(200)
    vote(
      @Param('id') entryId: string,
      @Body(new ZodValidationPipe(ZVoteRequest)) body: z.infer<typeof ZVoteRequest>,
      @CurrentUser() user: SessionUser,
      @RequestId() requestId: string | undefined,
    ): Promise<TVoteResponse> {
      return this.commands.execute(new SetVote(kind, actingAs(user, body.userId), entryId, body.vote, requestId));
    }

    @Post(':id/favorite')
    @HttpCode(200)
    favorite(
      @Param('id') entryId: string,
      @Body(new ZodValidationPipe(ZFavoriteRequest)) body: z.infer<typeof ZFavoriteRequest>,
      @CurrentUser() user: SessionUser,
      @RequestId() requestId: string | undefined,
    ): Promise<{ favorited: boolean }> {
      return this.commands.execute(
        new SetFavorite(kind, actingAs(user, body.userId), entryId, body.favorite, requestId),
      );
    }

    /** A member reports the entry to the operators (once; a few an hour). */
    @Post(':id/report')
    @HttpCode(200)
    @RateLimit('report')
    @UseGuards(RateLimitGuard)
    report(
      @Param('id') entryId: string,
      @Body(new ZodValidationPipe(ZReportRequest)) body: z.output<typeof ZReportRequest>,
      @CurrentUser() user: SessionUser,
      @RequestId() requestId: string | undefined,
    ): Promise<TReportResponse> {
      return this.commands.execute(new ReportEntry(kind, user.id, entryId, body.reason, body.text, requestId));
    }

    /**
     * A page answers as JSON (an array of entries) the read cache keeps mostly encoded, sent as those bytes:
     * returned to Nest, they would be serialized as an object.
     */
    private async list(user: SessionUser, tab: CatalogTab, query: F, res: Response): Promise<void> {
      const page = await this.queries.execute(new GetEntryList(kind, user.id, tab, query));
      if (page.nextCursor) res.setHeader(routes.nextCursorHeader, page.nextCursor);
      res.type('application/json').send(page.json());
    }
  }
  // Nest names the controller in its logs and errors by its class name.
  Object.defineProperty(EntryRoutesController, 'name', { value: `${kind.name}EntryRoutesController` });
  return EntryRoutesController;
}
