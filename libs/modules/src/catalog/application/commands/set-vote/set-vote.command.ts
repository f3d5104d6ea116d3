import { Command } from '@nestjs/cqrs';
import type { TVoteResponse } from '@app/contracts';
import type { CatalogKind } from '../../../catalog-kind.js';

/** Cast (`vote: true`) or withdraw (`false`) a vote for an artist or venue; without `vote`, a toggle. */
export class SetVote extends Command<TVoteResponse> {
  constructor(
    readonly kind: CatalogKind,
    readonly userId: string,
    readonly entryId: string,
    readonly vote: boolean | undefined,
    readonly requestId?: string,
  ) {
    super();
  }
}
