import type { TArtistListFilters, TVenueListFilters } from '@app/contracts';
import { catalogListSql, type CatalogTab } from './application/queries/catalog-list-sql.js';
import { profileSql } from './application/queries/get-entry/get-entry.handler.js';
import type { ListSql } from './application/queries/list-cursor.js';
import type { CatalogKind } from './catalog-kind.js';
import { ARTISTS } from './kinds/artists.js';
import { VENUES } from './kinds/venues.js';

export { CatalogModule } from './catalog.module.js';
export { ARTISTS_PROJECTION, VENUES_PROJECTION } from './catalog-names.js';
export { artistsProjection } from './projections/artists.projection.js';
export { venuesProjection } from './projections/venues.projection.js';
export { GetArtistOnFile } from './application/queries/get-artist-on-file/get-artist-on-file.query.js';
export { actingAs } from './http/acting-as.js';
export { CLAIMS_PROJECTION } from './catalog-names.js';
export { claimsProjection } from './projections/claims.projection.js';
export { claimedEntriesOf, entryNamesOf } from './application/services/entry-claims.js';
export { DecideClaim } from './application/commands/decide-claim/decide-claim.command.js';
export { ListClaims } from './application/queries/list-claims/list-claims.query.js';
export { REPORTS_PROJECTION } from './catalog-names.js';
export { reportsProjection } from './projections/reports.projection.js';
export { ModerateEntry } from './application/commands/moderate-entry/moderate-entry.command.js';
export { MergeEntry } from './application/commands/merge-entry/merge-entry.command.js';
export { duplicatesOf as mergedDuplicatesOf } from './application/services/entry-merges.js';
export { GetReportQueue } from './application/queries/get-report-queue/get-report-queue.query.js';
export type { ModerationDecision } from './domain/moderation.js';

/** The kind an operator's route names (`artist`, `venue`). */
export function catalogKindNamed(name: 'artist' | 'venue'): CatalogKind {
  return name === 'artist' ? ARTISTS : VENUES;
}

// The statements behind the list, search and profile endpoints, for `npm run bench`'s bare-query baseline.
export function artistListSql(userId: string, tab: CatalogTab, filters: TArtistListFilters): ListSql {
  return catalogListSql(ARTISTS, userId, tab, { ...filters, filters: ARTISTS.listFilters(filters) });
}
export function venueListSql(userId: string, tab: CatalogTab, filters: TVenueListFilters): ListSql {
  return catalogListSql(VENUES, userId, tab, { ...filters, filters: VENUES.listFilters(filters) });
}
export const ARTIST_PROFILE_SQL = profileSql(ARTISTS);
export const VENUE_PROFILE_SQL = profileSql(VENUES);
