import { Command } from '@nestjs/cqrs';
import type { TUseCodeResponse } from '@app/contracts';
import type { ShopActor } from '../../../domain/offer.js';

/** The door marks a valid code of one of the actor's offers used, once. */
export class UseCode extends Command<TUseCodeResponse> {
  constructor(
    readonly actor: ShopActor,
    readonly code: string,
  ) {
    super();
  }
}
