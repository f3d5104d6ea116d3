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
import { GetSimilarArtistsHandler } from './application/queries/get-similar-artists/get-similar-artists.handler.js';
import { CatalogMembers } from './application/services/catalog-members.js';
import { CatalogRewards } from './application/services/catalog-rewards.js';
import { LinkReservations } from './application/services/link-reservations.js';
import { ArtistCommandsController } from './http/artist-commands.controller.js';
import { ArtistQueriesController } from './http/artist-queries.controller.js';

/**
 * The artist (and, later, venue) catalogue: adding, verifying, votes and favourites (commands),
 * lists, search and profiles (queries over the catalog-artists read models).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [ArtistCommandsController, ArtistQueriesController],
  providers: [
    CatalogMembers,
    CatalogRewards,
    LinkReservations,
    AddArtistHandler,
    VerifyArtistHandler,
    SetArtistVoteHandler,
    SetArtistFavoriteHandler,
    GetArtistHandler,
    GetArtistListHandler,
    GetArtistCountsHandler,
    GetArtistVerificationHandler,
    GetSimilarArtistsHandler,
  ],
})
export class CatalogModule {}
