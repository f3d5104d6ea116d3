import { Query } from '@nestjs/cqrs';
import type { TArtistVerificationStatus } from '@app/contracts';

/** Whether a user already added or verified an artist, and the links it has (docs/product.md §7, 'Load this artist'). */
export class GetArtistVerification extends Query<TArtistVerificationStatus> {
  constructor(
    readonly artistId: string,
    readonly userId: string,
  ) {
    super();
  }
}
