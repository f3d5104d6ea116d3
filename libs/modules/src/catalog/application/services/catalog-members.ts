import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ARTIST_MESSAGES, LISTENER_MESSAGES, type TAuthUser } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { GetAuthUser } from '../../../identity/index.js';
import { VerifiedFansOnlyError } from '../../domain/artist.js';

/** Who may do what in the catalogue (docs/decisions.md), asked of identity through its query. */
@Injectable()
export class CatalogMembers {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Adding and verifying: fans whose identity check was approved; industry pros view only; Listeners browse. */
  async verifiedFan(userId: string, refusal: string = ARTIST_MESSAGES.verifiedFansOnly): Promise<TAuthUser> {
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (user?.role === 'listener') throw new VerifiedFansOnlyError(LISTENER_MESSAGES.browseOnly);
    if (!user || user.role !== 'fan' || !user.verified) throw new VerifiedFansOnlyError(refusal);
    return user;
  }

  /** Favourites (and reports): the guarded app, i.e. signed in with the payment completed (a Listener: email confirmed). */
  async member(userId: string): Promise<TAuthUser> {
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (user?.role === 'listener' && !user.paymentCompleted) {
      throw new RefusedError('forbidden', LISTENER_MESSAGES.confirmEmailFirst);
    }
    if (!user?.paymentCompleted) {
      throw new RefusedError('forbidden', 'Complete your membership payment to vote and add favorites.');
    }
    return user;
  }

  /** Votes: a member as above, but not a Listener (a vote earns Payola, and Listeners neither vote nor earn). */
  async voter(userId: string): Promise<TAuthUser> {
    const user = await this.member(userId);
    if (user.role === 'listener') throw new RefusedError('forbidden', LISTENER_MESSAGES.browseOnly);
    return user;
  }
}
