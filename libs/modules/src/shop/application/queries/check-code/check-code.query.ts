import { Query } from '@nestjs/cqrs';
import type { TCheckCodeResponse } from '@app/contracts';
import type { ShopActor } from '../../../domain/offer.js';

/** What the door says of a code typed by the offering member (valid, used, expired, withdrawn, not redeemed, not ours). */
export class CheckCode extends Query<TCheckCodeResponse> {
  constructor(
    readonly actor: ShopActor,
    readonly code: string,
  ) {
    super();
  }
}
