import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards, type Type } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  ZEntryHistoryQuery,
  ZStartClaimRequest,
  ZSubmitClaimRequest,
  type TClaimCode,
  type TClaimKind,
  type TEntryClaimStatus,
  type TEntryHistoryPage,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { GetEntryHistory } from '../application/queries/get-entry-history/get-entry-history.query.js';
import { EntryClaims } from '../application/services/entry-claims.js';

/**
 * A kind's edit history (from the log) and its claim: where the asking member's claim stands, a code,
 * and which of the entry's links shows it. Always as the session's user.
 */
function entryClaimsController(path: string, kind: TClaimKind): Type<object> {
  @Controller(path)
  @UseGuards(SignedInGuard)
  class EntryClaimsController {
    constructor(
      @Inject(QueryBus) private readonly queries: QueryBus,
      @Inject(EntryClaims) private readonly claims: EntryClaims,
    ) {}

    @Get(':id/history')
    history(
      @Param('id') id: string,
      @Query(new ZodValidationPipe(ZEntryHistoryQuery)) page: z.output<typeof ZEntryHistoryQuery>,
    ): Promise<TEntryHistoryPage> {
      return this.queries.execute(new GetEntryHistory(kind, id, page));
    }

    @Get(':id/claim')
    claim(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<TEntryClaimStatus> {
      return this.claims.status(kind, id, user.id);
    }

    @Post(':id/claim')
    start(
      @CurrentUser() user: SessionUser,
      @Param('id') id: string,
      @Body(new ZodValidationPipe(ZStartClaimRequest)) body: z.output<typeof ZStartClaimRequest>,
      @RequestId() requestId: string | undefined,
    ): Promise<TClaimCode> {
      return this.claims.start(kind, id, user.id, body.renew ?? false, requestId);
    }

    @Post(':id/claim/submit')
    @HttpCode(200)
    submit(
      @CurrentUser() user: SessionUser,
      @Param('id') id: string,
      @Body(new ZodValidationPipe(ZSubmitClaimRequest)) body: z.output<typeof ZSubmitClaimRequest>,
      @RequestId() requestId: string | undefined,
    ): Promise<TEntryClaimStatus> {
      return this.claims.submit(kind, id, user.id, body, requestId);
    }
  }
  Object.defineProperty(EntryClaimsController, 'name', { value: `${kind}ClaimsController` });
  return EntryClaimsController;
}

export const ArtistClaimsController = entryClaimsController('artists', 'artist');
export const VenueClaimsController = entryClaimsController('venues', 'venue');
