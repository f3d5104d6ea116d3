import { Query } from '@nestjs/cqrs';
import type { TVenueSearchResult } from '@app/contracts';
import type { CanonicalLink } from '@app/domain';

/**
 * "Found n similar venue(s)" on /add-venue: venues that may be the one the fan is typing, because they
 * hold one of its links, have the same folded name (in the same city and state first) or a similar
 * one; each says why.
 */
export class GetSimilarVenues extends Query<TVenueSearchResult[]> {
  constructor(
    readonly userId: string,
    readonly name: string,
    readonly place: { city?: string; state?: string },
    readonly links: readonly CanonicalLink[],
  ) {
    super();
  }
}
