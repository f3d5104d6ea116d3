import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ARTIST_LIST_NEXT_CURSOR_HEADER,
  canonicalArtistLinks,
  ZAddArtistRequest,
  ZArtistListQuery,
  ZArtistSearchQuery,
  ZEditArtistRequest,
  ZVerifyArtistRequest,
  type TAddArtistResponse,
  type TArtistRewardPreview,
  type TArtistVerificationStatus,
  type TVerifyArtistResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { AddArtist } from '../application/commands/add-artist/add-artist.command.js';
import { EditArtist } from '../application/commands/edit-artist/edit-artist.command.js';
import { VerifyArtist } from '../application/commands/verify-artist/verify-artist.command.js';
import { GetArtistVerification } from '../application/queries/get-artist-verification/get-artist-verification.query.js';
import { ARTISTS } from '../kinds/artists.js';
import { actingAs } from './acting-as.js';
import { entryRoutesController } from './entry-routes.js';

/** docs/product.md §7: what only artists have, adding and "Is this them?"; always acting as the session's user. */
@Controller('artists')
@UseGuards(SignedInGuard)
export class ArtistsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Post()
  add(
    @Body(new ZodValidationPipe(ZAddArtistRequest)) body: ReturnType<typeof ZAddArtistRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAddArtistResponse> {
    return this.commands.execute(new AddArtist(actingAs(user, body.userId), body.artist, requestId));
  }

  @Get(':artistId/verification/:userId')
  verification(
    @CurrentUser() user: SessionUser,
    @Param('artistId') artistId: string,
    @Param('userId') userId: string,
  ): Promise<TArtistVerificationStatus> {
    return this.queries.execute(new GetArtistVerification(artistId, actingAs(user, userId)));
  }

  @Post('verify')
  @HttpCode(200)
  verify(
    @Body(new ZodValidationPipe(ZVerifyArtistRequest)) body: ReturnType<typeof ZVerifyArtistRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TVerifyArtistResponse> {
    return this.commands.execute(new VerifyArtist(actingAs(user, body.userId), body.artistId, body.links, requestId));
  }

  /** The claimant edits the artist's details (only they may: 403 for anyone else). */
  @Patch(':id')
  edit(
    @Param('id') artistId: string,
    @Body(new ZodValidationPipe(ZEditArtistRequest)) body: ReturnType<typeof ZEditArtistRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<{ id: string; name: string }> {
    return this.commands.execute(new EditArtist(user.id, artistId, body.artist, requestId));
  }
}

/** The routes artists share with venues (entry-routes.ts), with the artists' paths, schemas and answers. */
export const ArtistEntryRoutesController = entryRoutesController({
  kind: ARTISTS,
  path: 'artists',
  allPath: 'all',
  listQuery: ZArtistListQuery,
  nextCursorHeader: ARTIST_LIST_NEXT_CURSOR_HEADER,
  searchQuery: ZArtistSearchQuery,
  similarTo: (query) => ({
    userId: query.userId,
    name: query.q,
    links: canonicalArtistLinks({ ...query, socialUrls: query.socialUrls }).links,
  }),
  rewardPreview: (preview): TArtistRewardPreview => ({
    addArtist: preview['artist-added'],
    perLink: preview['artist-link'],
    verifyArtist: preview['artist-verified'],
    fanMessage: preview['fan-message'],
  }),
  profileReadsUserId: true,
});
