import { Query } from '@nestjs/cqrs';
import type { CardDetails } from '../../../payment-provider.js';

/** Test mode: what the stand-in for Stripe's customer portal shows, the card of the user's payment. */
export class GetTestModePortal extends Query<{ savedCard: CardDetails | null }> {
  constructor(readonly userId: string) {
    super();
  }
}
