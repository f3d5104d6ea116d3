import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '../identity/index.js';
import { CreateOfferHandler } from './application/commands/create-offer/create-offer.handler.js';
import { RedeemOfferHandler } from './application/commands/redeem-offer/redeem-offer.handler.js';
import { UseCodeHandler } from './application/commands/use-code/use-code.handler.js';
import { WithdrawOfferHandler } from './application/commands/withdraw-offer/withdraw-offer.handler.js';
import { ExportShopDataHandler } from './application/queries/export-shop-data/export-shop-data.handler.js';
import { CheckCodeHandler } from './application/queries/check-code/check-code.handler.js';
import { GetOfferHandler } from './application/queries/get-offer/get-offer.handler.js';
import { GetShopStatusHandler } from './application/queries/get-shop-status/get-shop-status.handler.js';
import { ListOffersHandler } from './application/queries/list-offers/list-offers.handler.js';
import { MyOffersHandler } from './application/queries/my-offers/my-offers.handler.js';
import { MyRedemptionsHandler } from './application/queries/my-redemptions/my-redemptions.handler.js';
import { ShopActors } from './application/services/shop-actors.js';
import { ShopController } from './http/shop.controller.js';

/**
 * The Payola shop (the api side): offers of claimed artists and venues and of the platform, redemption
 * exactly once against the fan's Payola stream, and the door's check and mark. The worker runs the
 * shop-offers projection.
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [ShopController],
  providers: [
    ShopActors,
    CreateOfferHandler,
    RedeemOfferHandler,
    WithdrawOfferHandler,
    UseCodeHandler,
    ListOffersHandler,
    GetOfferHandler,
    MyRedemptionsHandler,
    MyOffersHandler,
    CheckCodeHandler,
    GetShopStatusHandler,
    ExportShopDataHandler,
  ],
})
export class ShopModule {}
