// What other modules may ask the catalogue, as query classes that import nothing of the modules: identity
// assembles a member's data export, and the catalogue's index imports identity (its guards), so identity
// importing that index would close an import circle. Handlers are registered by CatalogModule.
export { ExportCatalogData } from './application/queries/export-catalog-data/export-catalog-data.query.js';
