import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { AddArtistHandler } from './application/commands/add-artist/add-artist.handler.js';
import { AddVenueHandler } from './application/commands/add-venue/add-venue.handler.js';
import { ConfirmVenueDuplicateHandler } from './application/commands/confirm-venue-duplicate/confirm-venue-duplicate.handler.js';
import { MergeEntryHandler } from './application/commands/merge-entry/merge-entry.handler.js';
import { ModerateEntryHandler } from './application/commands/moderate-entry/moderate-entry.handler.js';
import { ReportEntryHandler } from './application/commands/report-entry/report-entry.handler.js';
import { SetFavoriteHandler } from './application/commands/set-favorite/set-favorite.handler.js';
import { SetVoteHandler } from './application/commands/set-vote/set-vote.handler.js';
import { DecideClaimHandler } from './application/commands/decide-claim/decide-claim.handler.js';
import { ListClaimsHandler } from './application/queries/list-claims/list-claims.handler.js';
import { EditArtistHandler } from './application/commands/edit-artist/edit-artist.handler.js';
import { GetEntryHistoryHandler } from './application/queries/get-entry-history/get-entry-history.handler.js';
import { EntryClaims } from './application/services/entry-claims.js';
import { ArtistClaimsController, VenueClaimsController } from './http/entry-claims.controller.js';
import { UpdateVenueHandler } from './application/commands/update-venue/update-venue.handler.js';
import { VerifyArtistHandler } from './application/commands/verify-artist/verify-artist.handler.js';
import { ExportCatalogDataHandler } from './application/queries/export-catalog-data/export-catalog-data.handler.js';
import { GetArtistOnFileHandler } from './application/queries/get-artist-on-file/get-artist-on-file.handler.js';
import { GetArtistVerificationHandler } from './application/queries/get-artist-verification/get-artist-verification.handler.js';
import { GetEntryCountsHandler } from './application/queries/get-entry-counts/get-entry-counts.handler.js';
import { GetEntryListHandler } from './application/queries/get-entry-list/get-entry-list.handler.js';
import { GetEntryHandler } from './application/queries/get-entry/get-entry.handler.js';
import { GetReportQueueHandler } from './application/queries/get-report-queue/get-report-queue.handler.js';
import { GetSimilarEntriesHandler } from './application/queries/get-similar-entries/get-similar-entries.handler.js';
import { CatalogMembers } from './application/services/catalog-members.js';
import { CatalogRewards } from './application/services/catalog-rewards.js';
import { LinkReservations } from './application/services/link-reservations.js';
import { VenueReservations } from './application/services/venue-reservations.js';
import { CatalogSearchIndexes } from './search/catalog-search-indexes.js';
import { ArtistEntryRoutesController, ArtistsController } from './http/artists.controller.js';
import { VenueEntryRoutesController, VenuesController } from './http/venues.controller.js';

/**
 * The artist and venue catalogue: adding, verifying or confirming, votes and favourites (commands),
 * lists, search and profiles (queries over the catalog-artists and catalog-venues read models). What the
 * two kinds share is written once, parameterised by the kind (catalog-kind.ts, kinds/).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [
    ArtistsController,
    ArtistEntryRoutesController,
    VenuesController,
    VenueEntryRoutesController,
    ArtistClaimsController,
    VenueClaimsController,
  ],
  providers: [
    CatalogMembers,
    CatalogRewards,
    LinkReservations,
    VenueReservations,
    AddArtistHandler,
    VerifyArtistHandler,
    AddVenueHandler,
    UpdateVenueHandler,
    ConfirmVenueDuplicateHandler,
    SetVoteHandler,
    SetFavoriteHandler,
    ReportEntryHandler,
    ModerateEntryHandler,
    MergeEntryHandler,
    GetReportQueueHandler,
    GetEntryHandler,
    GetEntryListHandler,
    GetEntryCountsHandler,
    GetSimilarEntriesHandler,
    GetArtistOnFileHandler,
    GetArtistVerificationHandler,
    ExportCatalogDataHandler,
    CatalogSearchIndexes,
    EntryClaims,
    EditArtistHandler,
    GetEntryHistoryHandler,
    DecideClaimHandler,
    ListClaimsHandler,
  ],
})
export class CatalogModule {}
