import { Query } from '@nestjs/cqrs';
import type { TVenue } from '@app/contracts';

/** One venue as its profile shows it, with the flags of `userId`. Throws VenueNotFoundError when there is none. */
export class GetVenue extends Query<TVenue> {
  constructor(
    readonly venueId: string,
    readonly userId: string,
  ) {
    super();
  }
}
