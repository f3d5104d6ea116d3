import { Body, Controller, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ZAddVenueRequest,
  ZFavoriteRequest,
  ZUpdateVenueRequest,
  ZVoteRequest,
  type TAddVenueResponse,
  type TConfirmVenueDuplicateResponse,
  type TVoteResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { AddVenue } from '../application/commands/add-venue/add-venue.command.js';
import { ConfirmVenueDuplicate } from '../application/commands/confirm-venue-duplicate/confirm-venue-duplicate.command.js';
import { SetVenueFavorite } from '../application/commands/set-venue-favorite/set-venue-favorite.command.js';
import { SetVenueVote } from '../application/commands/set-venue-vote/set-venue-vote.command.js';
import { UpdateVenue } from '../application/commands/update-venue/update-venue.command.js';
import { actingAs } from './acting-as.js';

type VenueBody = ReturnType<typeof ZAddVenueRequest.parse>;

/** Spec §7 venue writes, and product-decisions.md's venue votes and recorded duplicate confirmations. */
@Controller('venues')
@UseGuards(SignedInGuard)
export class VenueCommandsController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  @Post()
  add(
    @Body(new ZodValidationPipe(ZAddVenueRequest)) body: VenueBody,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAddVenueResponse> {
    return this.commands.execute(new AddVenue(actingAs(user, body.userId), body.venue, requestId));
  }

  @Patch(':id')
  update(
    @Param('id') venueId: string,
    @Body(new ZodValidationPipe(ZUpdateVenueRequest)) body: VenueBody,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TAddVenueResponse> {
    return this.commands.execute(new UpdateVenue(actingAs(user, body.userId), venueId, body.venue, requestId));
  }

  @Post(':id/confirm-duplicate')
  @HttpCode(200)
  confirmDuplicate(
    @Param('id') venueId: string,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TConfirmVenueDuplicateResponse> {
    return this.commands.execute(new ConfirmVenueDuplicate(user.id, venueId, requestId));
  }

  @Post(':id/vote')
  @HttpCode(200)
  vote(
    @Param('id') venueId: string,
    @Body(new ZodValidationPipe(ZVoteRequest)) body: ReturnType<typeof ZVoteRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<TVoteResponse> {
    return this.commands.execute(new SetVenueVote(actingAs(user, body.userId), venueId, body.vote, requestId));
  }

  @Post(':id/favorite')
  @HttpCode(200)
  favorite(
    @Param('id') venueId: string,
    @Body(new ZodValidationPipe(ZFavoriteRequest)) body: ReturnType<typeof ZFavoriteRequest.parse>,
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
  ): Promise<{ favorited: boolean }> {
    return this.commands.execute(new SetVenueFavorite(actingAs(user, body.userId), venueId, body.favorite, requestId));
  }
}
