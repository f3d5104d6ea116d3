import { Query } from '@nestjs/cqrs';
import type { TVenue, TVenueListFilters } from '@app/contracts';

export type VenueTab = 'all' | 'my' | 'favorites';

export interface VenueListPage {
  venues: TVenue[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** The venues as the JSON array the API answers with (built mostly from the read cache's text). */
  json(): string;
}

/**
 * One page of a tab (spec §2 Venues): 'all' the public venues, 'my' those the user added or confirmed,
 * 'favorites' the user's favourites; newest first, or best match first when searching.
 */
export class GetVenueList extends Query<VenueListPage> {
  constructor(
    readonly userId: string,
    readonly tab: VenueTab,
    readonly filters: TVenueListFilters,
  ) {
    super();
  }
}
