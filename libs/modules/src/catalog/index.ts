export { CatalogModule } from './catalog.module.js';
export { ARTISTS_PROJECTION, VENUES_PROJECTION } from './catalog-names.js';
export { artistsProjection } from './projections/artists.projection.js';
export { venuesProjection } from './projections/venues.projection.js';
// The statements behind the list, search and profile endpoints, for `npm run bench`'s bare-query baseline.
export { artistListSql } from './application/queries/get-artist-list/artist-list-sql.js';
export { ARTIST_PROFILE_SQL } from './application/queries/artist-rows.js';
export { venueListSql } from './application/queries/get-venue-list/venue-list-sql.js';
export { VENUE_PROFILE_SQL } from './application/queries/venue-rows.js';
export { GetArtist } from './application/queries/get-artist/get-artist.query.js';
export { GetArtistOnFile } from './application/queries/get-artist-on-file/get-artist-on-file.query.js';
export { actingAs } from './http/acting-as.js';
