import { Query } from '@nestjs/cqrs';
import type { TArtist } from '@app/contracts';

/**
 * One artist as its profile shows it, with the flags of `userId` (GET /api/artists/:id). Throws
 * ArtistNotFoundError when there is none. The vote command answers with its voteCount.
 */
export class GetArtist extends Query<TArtist> {
  constructor(
    readonly artistId: string,
    readonly userId: string,
  ) {
    super();
  }
}
