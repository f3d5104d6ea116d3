import { Command } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';

/** Cast (`vote: true`) or withdraw (`false`) a vote; without `vote`, a toggle. */
export class SetArtistVote extends Command<TVoteResponse> {
  constructor(
    readonly userId: string,
    readonly artistId: string,
    readonly vote: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
