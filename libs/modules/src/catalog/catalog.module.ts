import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { AddArtistHandler } from './application/commands/add-artist/add-artist.handler.js';
import { SetArtistFavoriteHandler } from './application/commands/set-artist-favorite/set-artist-favorite.handler.js';
import { SetArtistVoteHandler } from './application/commands/set-artist-vote/set-artist-vote.handler.js';
import { VerifyArtistHandler } from './application/commands/verify-artist/verify-artist.handler.js';
import { GetArtistCountsHandler } from './application/queries/get-artist-counts/get-artist-counts.handler.js';
import { GetArtistListHandler } from './application/queries/get-artist-list/get-artist-list.handler.js';
import { GetArtistVerificationHandler } from './application/queries/get-artist-verification/get-artist-verification.handler.js';
import { GetArtistHandler } from './application/queries/get-artist/get-artist.handler.js';
import { GetArtistOnFileHandler } from './application/queries/get-artist-on-file/get-artist-on-file.handler.js';
import { GetSimilarArtistsHandler } from './application/queries/get-similar-artists/get-similar-artists.handler.js';
import { AddVenueHandler } from './application/commands/add-venue/add-venue.handler.js';
import { ConfirmVenueDuplicateHandler } from './application/commands/confirm-venue-duplicate/confirm-venue-duplicate.handler.js';
import { SetVenueFavoriteHandler } from './application/commands/set-venue-favorite/set-venue-favorite.handler.js';
import { SetVenueVoteHandler } from './application/commands/set-venue-vote/set-venue-vote.handler.js';
import { UpdateVenueHandler } from './application/commands/update-venue/update-venue.handler.js';
import { GetSimilarVenuesHandler } from './application/queries/get-similar-venues/get-similar-venues.handler.js';
import { GetVenueCountsHandler } from './application/queries/get-venue-counts/get-venue-counts.handler.js';
import { GetVenueListHandler } from './application/queries/get-venue-list/get-venue-list.handler.js';
import { GetVenueHandler } from './application/queries/get-venue/get-venue.handler.js';
import { VenueReservations } from './application/services/venue-reservations.js';
import { VenueCommandsController } from './http/venue-commands.controller.js';
import { VenueQueriesController } from './http/venue-queries.controller.js';
import { CatalogMembers } from './application/services/catalog-members.js';
import { CatalogRewards } from './application/services/catalog-rewards.js';
import { LinkReservations } from './application/services/link-reservations.js';
import { ArtistCommandsController } from './http/artist-commands.controller.js';
import { ArtistQueriesController } from './http/artist-queries.controller.js';

/**
 * The artist and venue catalogue: adding, verifying or confirming, votes and favourites (commands),
 * lists, search and profiles (queries over the catalog-artists and catalog-venues read models).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [ArtistCommandsController, ArtistQueriesController, VenueCommandsController, VenueQueriesController],
  providers: [
    CatalogMembers,
    CatalogRewards,
    LinkReservations,
    AddArtistHandler,
    VerifyArtistHandler,
    SetArtistVoteHandler,
    SetArtistFavoriteHandler,
    GetArtistHandler,
    GetArtistOnFileHandler,
    GetArtistListHandler,
    GetArtistCountsHandler,
    GetArtistVerificationHandler,
    GetSimilarArtistsHandler,
    VenueReservations,
    AddVenueHandler,
    UpdateVenueHandler,
    ConfirmVenueDuplicateHandler,
    SetVenueVoteHandler,
    SetVenueFavoriteHandler,
    GetVenueHandler,
    GetVenueListHandler,
    GetVenueCountsHandler,
    GetSimilarVenuesHandler,
  ],
})
export class CatalogModule {}
