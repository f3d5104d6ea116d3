import { Query } from '@nestjs/cqrs';
import type { CatalogEntry, CatalogKind, EntryRow } from '../../../catalog-kind.js';

/**
 * One entry of a kind as its profile shows it, with the flags of `userId` (GET /api/artists/:id,
 * /api/venues/:id). Throws the kind's not-found error when there is none. The vote command answers
 * with its voteCount.
 */
export class GetEntry<T extends CatalogEntry> extends Query<T> {
  constructor(
    readonly kind: CatalogKind<T, EntryRow, unknown>,
    readonly entryId: string,
    readonly userId: string,
  ) {
    super();
  }
}
