import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TAuthUser } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { decideUpdateProfile, UserNotFoundError, userFold, userStreamId } from '../../../domain/user.js';
import { USERS_PROJECTION } from '../../../projections/users.projection.js';
import { GetAuthUser } from '../../queries/get-auth-user/get-auth-user.query.js';
import { UsernameReservations } from '../../services/username-reservations.js';
import { UpdateProfile } from './update-profile.command.js';

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(UsernameReservations) private readonly usernames: UsernameReservations,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, changes, requestId }: UpdateProfile): Promise<TAuthUser> {
    await this.repository.execute(
      userStreamId(userId),
      userFold,
      async (state, tx) => {
        const events = decideUpdateProfile(state, userId, changes);
        // The reservation commits with the events or not at all.
        for (const event of events) {
          if (event.type === 'UsernameChanged') await this.usernames.claim(tx, event.data.username, userId);
        }
        return { events, result: undefined };
      },
      { metadata: { actingUserId: userId, requestId }, waitFor: [USERS_PROJECTION] },
    );
    const user = await this.queries.execute(new GetAuthUser(userId));
    if (!user) throw new UserNotFoundError();
    return user;
  }
}
