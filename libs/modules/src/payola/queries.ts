// What other modules may ask Payola, as query classes that import nothing of the modules: identity
// asks for the balance it shows with the user and for the ledger of a member's data export, and
// Payola's index imports identity (its guards), so identity importing that index would close an
// import circle. Handlers are registered by PayolaModule.
export { GetPayolaStats } from './application/queries/get-payola-stats/get-payola-stats.query.js';
export { ExportPayolaData } from './application/queries/export-payola-data/export-payola-data.query.js';
