import { Query } from '@nestjs/cqrs';
import type { TArtistCounts } from '@app/contracts';
import type { CatalogKind } from '../../../catalog-kind.js';

/** The counts on the three tabs of /artists or /venues, for one user. */
export class GetEntryCounts extends Query<TArtistCounts> {
  constructor(
    readonly kind: CatalogKind,
    readonly userId: string,
  ) {
    super();
  }
}
