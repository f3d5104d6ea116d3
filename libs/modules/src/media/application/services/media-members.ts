import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ARTIST_MESSAGES, type MediaKind, type TAuthUser } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { GetAuthUser } from '../../../identity/index.js';

/** Who may upload what (docs/decisions.md), asked of identity through its query. */
@Injectable()
export class MediaMembers {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Fan videos go with adding an artist: verified fans only. Profile photos: any signed-in user. */
  async mayUpload(userId: string, kind: MediaKind): Promise<TAuthUser> {
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (!user) throw new RefusedError('unauthenticated', 'Authorization required');
    if (kind === 'fan-video' && (user.role !== 'fan' || !user.verified)) {
      throw new RefusedError('forbidden', ARTIST_MESSAGES.verifiedFansOnly);
    }
    return user;
  }
}
