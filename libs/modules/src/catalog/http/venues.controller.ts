import { Body, Controller, HttpCode, Inject, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  canonicalVenueLinks,
  VENUE_LIST_NEXT_CURSOR_HEADER,
  ZAddVenueRequest,
  ZUpdateVenueRequest,
  ZVenueListQuery,
  ZVenueSearchQuery,
  type TAddVenueResponse,
  type TConfirmVenueDuplicateResponse,
  type TVenueRewardPreview,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RequestId, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { AddVenue } from '../application/commands/add-venue/add-venue.command.js';
import { ConfirmVenueDuplicate } from '../application/commands/confirm-venue-duplicate/confirm-venue-duplicate.command.js';
import { UpdateVenue } from '../application/commands/update-venue/update-venue.command.js';
import { VENUES } from '../kinds/venues.js';
import { actingAs } from './acting-as.js';
import { entryRoutesController } from './entry-routes.js';

type VenueBody = ReturnType<typeof ZAddVenueRequest.parse>;

/** docs/product.md §7: what only venues have, adding, updating and docs/decisions.md's recorded duplicate confirmations. */
@Controller('venues')
@UseGuards(SignedInGuard)
export class VenuesController {
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
}

/** The routes venues share with artists (entry-routes.ts), with the venues' paths, schemas and answers. */
export const VenueEntryRoutesController = entryRoutesController({
  kind: VENUES,
  path: 'venues',
  allPath: '',
  listQuery: ZVenueListQuery,
  nextCursorHeader: VENUE_LIST_NEXT_CURSOR_HEADER,
  searchQuery: ZVenueSearchQuery,
  similarTo: (query) => ({
    userId: query.userId,
    name: query.q,
    links: canonicalVenueLinks({ websiteUrl: query.websiteUrl, socialUrls: query.socialUrls }).links,
    place: { city: query.city, state: query.state },
  }),
  rewardPreview: (preview): TVenueRewardPreview => ({
    addVenue: preview['venue-added'],
    confirmDuplicate: preview['venue-duplicate-confirmed'],
  }),
  profileReadsUserId: false,
});
