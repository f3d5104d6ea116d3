import { Command } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';

/** Cast (`vote: true`) or withdraw (`false`) a vote for a venue; without `vote`, a toggle. */
export class SetVenueVote extends Command<TVoteResponse> {
  constructor(
    readonly userId: string,
    readonly venueId: string,
    readonly vote: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
