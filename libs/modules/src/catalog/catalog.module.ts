import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { AddArtistHandler } from './application/commands/add-artist/add-artist.handler.js';
import { SetArtistFavoriteHandler } from './application/commands/set-artist-favorite/set-artist-favorite.handler.js';
import { SetArtistVoteHandler } from './application/commands/set-artist-vote/set-artist-vote.handler.js';
import { VerifyArtistHandler } from './application/commands/verify-artist/verify-artist.handler.js';
import { CatalogMembers } from './application/services/catalog-members.js';
import { CatalogRewards } from './application/services/catalog-rewards.js';
import { LinkReservations } from './application/services/link-reservations.js';
import { ArtistCommandsController } from './http/artist-commands.controller.js';

/**
 * The artist (and, later, venue) catalogue: adding, verifying, votes and favourites (commands),
 * lists, search and profiles (queries over the catalog-artists read models).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [ArtistCommandsController],
  providers: [
    CatalogMembers,
    CatalogRewards,
    LinkReservations,
    AddArtistHandler,
    VerifyArtistHandler,
    SetArtistVoteHandler,
    SetArtistFavoriteHandler,
  ],
})
export class CatalogModule {}
