import { Query } from '@nestjs/cqrs';
import type { TClaimKind, TEntryHistoryPage } from '@app/contracts';

/** An entry's edit history from the log, newest first (GET /api/artists/:id/history, /api/venues/:id/history). */
export class GetEntryHistory extends Query<TEntryHistoryPage> {
  constructor(
    readonly kind: TClaimKind,
    readonly entryId: string,
    readonly page: { cursor?: string; limit: number },
  ) {
    super();
  }
}
