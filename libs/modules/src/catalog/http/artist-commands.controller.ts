import { Body, Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ZAddArtistRequest,
  ZFavoriteRequest,
  ZVerifyArtistRequest,
  ZVoteRequest,
  type TAddArtistResponse,
  type TVerifyArtistResponse,
  type TVoteResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { AddArtist } from '../application/commands/add-artist/add-artist.command.js';
import { SetArtistFavorite } from '../application/commands/set-artist-favorite/set-artist-favorite.command.js';
import { SetArtistVote } from '../application/commands/set-artist-vote/set-artist-vote.command.js';
import { VerifyArtist } from '../application/commands/verify-artist/verify-artist.command.js';
import { actingAs } from './acting-as.js';

/** Spec §7 artist writes; always acting as the session's user. */
@Controller('artists')
@UseGuards(SignedInGuard)
export class ArtistCommandsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  add(
    @Body(new ZodValidationPipe(ZAddArtistRequest)) body: ReturnType<typeof ZAddArtistRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAddArtistResponse> {
    return this.commands.execute(new AddArtist(actingAs(user, body.userId), body.artist, requestId));
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

  @Post(':id/vote')
  @HttpCode(200)
  vote(
    @Param('id') artistId: string,
    @Body(new ZodValidationPipe(ZVoteRequest)) body: ReturnType<typeof ZVoteRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TVoteResponse> {
    return this.commands.execute(new SetArtistVote(actingAs(user, body.userId), artistId, body.vote, requestId));
  }

  @Post(':id/favorite')
  @HttpCode(200)
  favorite(
    @Param('id') artistId: string,
    @Body(new ZodValidationPipe(ZFavoriteRequest)) body: ReturnType<typeof ZFavoriteRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<{ favorited: boolean }> {
    return this.commands.execute(
      new SetArtistFavorite(actingAs(user, body.userId), artistId, body.favorite, requestId),
    );
  }
}
