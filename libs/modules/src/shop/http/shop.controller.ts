import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import {
  ZCheckCodeRequest,
  ZCreateOfferRequest,
  ZMyRedemptionsQuery,
  ZOfferListQuery,
  ZRedeemOfferRequest,
  ZUseCodeRequest,
  ZWithdrawOfferRequest,
  type TCheckCodeResponse,
  type TCreateOfferResponse,
  type TMyOffers,
  type TMyRedemptions,
  type TOffer,
  type TOfferPage,
  type TRedeemOfferResponse,
  type TShopStatus,
  type TUseCodeResponse,
  type TWithdrawOfferResponse,
} from '@app/contracts';
import { ZodValidationPipe } from '@app/platform';
import { CurrentUser, RateLimit, RateLimitGuard, SignedInGuard, type SessionUser } from '../../identity/index.js';
import { CreateOffer } from '../application/commands/create-offer/create-offer.command.js';
import { RedeemOffer } from '../application/commands/redeem-offer/redeem-offer.command.js';
import { UseCode } from '../application/commands/use-code/use-code.command.js';
import { WithdrawOffer } from '../application/commands/withdraw-offer/withdraw-offer.command.js';
import { CheckCode } from '../application/queries/check-code/check-code.query.js';
import { GetOffer } from '../application/queries/get-offer/get-offer.query.js';
import { GetShopStatus } from '../application/queries/get-shop-status/get-shop-status.query.js';
import { ListOffers } from '../application/queries/list-offers/list-offers.query.js';
import { MyOffers } from '../application/queries/my-offers/my-offers.query.js';
import { MyRedemptions } from '../application/queries/my-redemptions/my-redemptions.query.js';
import { ShopActors } from '../application/services/shop-actors.js';

/** The Payola shop, always as the session's user (an operator's powers come from their session's second factor). */
@Controller('shop')
@UseGuards(SignedInGuard)
export class ShopController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(ShopActors) private readonly actors: ShopActors,
  ) {}

  @Get('status')
  status(@CurrentUser() user: SessionUser): Promise<TShopStatus> {
    return this.queries.execute(new GetShopStatus(user.id));
  }

  @Get('offers')
  list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZOfferListQuery)) query: z.output<typeof ZOfferListQuery>,
  ): Promise<TOfferPage> {
    return this.queries.execute(new ListOffers(user.id, query));
  }

  @Get('offers/:id')
  show(@CurrentUser() user: SessionUser, @Param('id') offerId: string): Promise<TOffer> {
    return this.queries.execute(new GetOffer(user.id, offerId));
  }

  @Post('offers')
  async create(
    @CurrentUser() user: SessionUser,
    @Req() request: unknown,
    @Body(new ZodValidationPipe(ZCreateOfferRequest)) body: z.output<typeof ZCreateOfferRequest>,
  ): Promise<TCreateOfferResponse> {
    const { offerId } = await this.commands.execute(new CreateOffer(await this.actors.of(user.id, request), body));
    return { offer: await this.queries.execute(new GetOffer(user.id, offerId)) };
  }

  @Post('offers/:id/withdraw')
  @HttpCode(200)
  async withdraw(
    @CurrentUser() user: SessionUser,
    @Req() request: unknown,
    @Param('id') offerId: string,
    @Body(new ZodValidationPipe(ZWithdrawOfferRequest)) body: z.output<typeof ZWithdrawOfferRequest>,
  ): Promise<TWithdrawOfferResponse> {
    const actor = await this.actors.of(user.id, request);
    return this.commands.execute(new WithdrawOffer(actor, offerId, body.reason || null));
  }

  @Post('offers/:id/redeem')
  @HttpCode(200)
  redeem(
    @CurrentUser() user: SessionUser,
    @Param('id') offerId: string,
    @Body(new ZodValidationPipe(ZRedeemOfferRequest)) _body: z.output<typeof ZRedeemOfferRequest>,
  ): Promise<TRedeemOfferResponse> {
    return this.commands.execute(new RedeemOffer(user.id, offerId));
  }

  @Get('redemptions')
  redemptions(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(ZMyRedemptionsQuery)) query: z.output<typeof ZMyRedemptionsQuery>,
  ): Promise<TMyRedemptions> {
    return this.queries.execute(new MyRedemptions(user.id, query));
  }

  @Get('my-offers')
  async myOffers(@CurrentUser() user: SessionUser, @Req() request: unknown): Promise<TMyOffers> {
    return this.queries.execute(new MyOffers(await this.actors.of(user.id, request)));
  }

  @Post('codes/check')
  @HttpCode(200)
  @RateLimit('shop-code')
  @UseGuards(RateLimitGuard)
  async check(
    @CurrentUser() user: SessionUser,
    @Req() request: unknown,
    @Body(new ZodValidationPipe(ZCheckCodeRequest)) body: z.output<typeof ZCheckCodeRequest>,
  ): Promise<TCheckCodeResponse> {
    return this.queries.execute(new CheckCode(await this.actors.of(user.id, request), body.code));
  }

  @Post('codes/use')
  @HttpCode(200)
  @RateLimit('shop-code')
  @UseGuards(RateLimitGuard)
  async use(
    @CurrentUser() user: SessionUser,
    @Req() request: unknown,
    @Body(new ZodValidationPipe(ZUseCodeRequest)) body: z.output<typeof ZUseCodeRequest>,
  ): Promise<TUseCodeResponse> {
    return this.commands.execute(new UseCode(await this.actors.of(user.id, request), body.code));
  }
}
