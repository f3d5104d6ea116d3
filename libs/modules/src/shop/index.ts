export { ShopModule } from './shop.module.js';
export { SHOP_OFFERS_PROJECTION } from './shop-names.js';
export { shopOffersProjection } from './projections/shop-offers.projection.js';
export { offerStreamId, redemptionStreamId } from './domain/offer.js';
// The redemption transaction itself, for `npm run bench`'s redemption scenario beside a bare balance update.
export { redeemOffer, type Redeemed } from './application/services/redemption.js';
