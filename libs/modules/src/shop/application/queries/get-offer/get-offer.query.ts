import { Query } from '@nestjs/cqrs';
import type { TOffer } from '@app/contracts';

/** One offer as the shop shows it (404 when there is none). */
export class GetOffer extends Query<TOffer> {
  constructor(
    readonly userId: string,
    readonly offerId: string,
  ) {
    super();
  }
}
