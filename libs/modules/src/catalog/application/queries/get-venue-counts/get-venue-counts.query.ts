import { Query } from '@nestjs/cqrs';
import type { TVenueCounts } from '@app/contracts';

/** The counts on the three tabs of /venues, for one user. */
export class GetVenueCounts extends Query<TVenueCounts> {
  constructor(readonly userId: string) {
    super();
  }
}
