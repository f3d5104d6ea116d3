/** The shop's projection (also its checkpoint's name in `npm run ops -- status`). */
export const SHOP_OFFERS_PROJECTION = 'shop-offers';
