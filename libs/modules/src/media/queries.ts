// What other modules may ask media, as query classes that import nothing of the modules: identity
// assembles a member's data export, and media's index imports identity (its guards), so identity
// importing that index would close an import circle. Handlers are registered by MediaModule.
export { ExportMediaData } from './application/queries/export-media-data/export-media-data.query.js';
