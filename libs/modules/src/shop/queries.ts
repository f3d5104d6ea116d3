// What other modules may ask the shop, as query classes that import nothing of the modules: identity
// asks for the shop's part of a member's data export, and the shop imports identity (its guards), so
// identity importing the shop's index would close an import circle. Handlers are registered by ShopModule.
export { ExportShopData } from './application/queries/export-shop-data/export-shop-data.query.js';
