import { Query } from '@nestjs/cqrs';
import type { TArtistCounts } from '@app/contracts';

/** The counts on the three tabs of /artists, for one user. */
export class GetArtistCounts extends Query<TArtistCounts> {
  constructor(readonly userId: string) {
    super();
  }
}
