import { Query } from '@nestjs/cqrs';
import type { TArtistSearchResult } from '@app/contracts';
import type { CanonicalLink } from '@app/domain';

/**
 * "Found n similar artist(s)" on /add-artist: artists that may be the one the fan is typing, because
 * they hold one of its links, have the same folded name or a similar one; each says why.
 */
export class GetSimilarArtists extends Query<TArtistSearchResult[]> {
  constructor(
    readonly userId: string,
    readonly name: string,
    readonly links: readonly CanonicalLink[],
  ) {
    super();
  }
}
