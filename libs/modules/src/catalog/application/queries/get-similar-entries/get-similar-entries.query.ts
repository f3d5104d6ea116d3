import { Query } from '@nestjs/cqrs';
import type { CanonicalLink } from '@app/domain';
import type { CatalogEntry, CatalogKind, EntryPlace, EntryRow } from '../../../catalog-kind.js';

/**
 * "Found n similar artist(s)" on /add-artist, "... venue(s)" on /add-venue: entries that may be the one
 * the fan is typing, because they hold one of its links, have the same folded name (venues: in the same
 * city and state first) or a similar one; each says why.
 */
export class GetSimilarEntries<T extends CatalogEntry> extends Query<(T & { matchReasons: string[] })[]> {
  constructor(
    readonly kind: CatalogKind<T, EntryRow, unknown>,
    readonly userId: string,
    readonly name: string,
    readonly links: readonly CanonicalLink[],
    readonly place: EntryPlace = {},
  ) {
    super();
  }
}
