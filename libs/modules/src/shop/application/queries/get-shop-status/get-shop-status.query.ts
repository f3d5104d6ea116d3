import { Query } from '@nestjs/cqrs';
import type { TShopStatus } from '@app/contracts';

/** Whether redemption is open (the Listener milestone in the log), the milestone's progress and the asker's balance. */
export class GetShopStatus extends Query<TShopStatus> {
  constructor(readonly userId: string) {
    super();
  }
}
