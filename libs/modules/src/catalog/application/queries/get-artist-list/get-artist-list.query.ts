import { Query } from '@nestjs/cqrs';
import type { TArtist, TArtistListFilters } from '@app/contracts';

export type ArtistTab = 'all' | 'my' | 'favorites';

export interface ArtistListPage {
  artists: TArtist[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** The artists as the JSON array the API answers with (built mostly from the read cache's text). */
  json(): string;
}

/**
 * One page of a tab (spec §2 Artists): 'all' the public artists, 'my' those the user added or verified,
 * 'favorites' the user's favourites; newest first, or best match first when searching.
 */
export class GetArtistList extends Query<ArtistListPage> {
  constructor(
    readonly userId: string,
    readonly tab: ArtistTab,
    readonly filters: TArtistListFilters,
  ) {
    super();
  }
}
