export { CatalogModule } from './catalog.module.js';
export { ARTISTS_PROJECTION } from './catalog-names.js';
export { artistsProjection } from './projections/artists.projection.js';
