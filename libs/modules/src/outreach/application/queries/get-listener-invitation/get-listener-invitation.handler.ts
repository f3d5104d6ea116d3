import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LISTENER_MESSAGES, type EventOfType, type TListenerInvitation } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventStore } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { waitlistStreamId } from '../../../domain/waitlist.js';
import { hashInvitationToken } from '../../services/listener-invitation-tokens.js';
import { GetListenerInvitation } from './get-listener-invitation.query.js';

@QueryHandler(GetListenerInvitation)
export class GetListenerInvitationHandler implements IQueryHandler<GetListenerInvitation> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  /**
   * The entry's names and genres are read from its WaitlistJoined event (the log unseals them; an
   * erased member's read as blanks), so the table keeps no more personal data than it did.
   */
  async execute({ token }: GetListenerInvitation): Promise<TListenerInvitation> {
    const { rows } = await this.pool.query<{ email: string }>(
      'select email from waitlist_entries where invitation_token_hash = $1',
      [hashInvitationToken(token)],
    );
    const entry = rows[0];
    if (!entry) throw new RefusedError('not-found', LISTENER_MESSAGES.invitationInvalid);
    const [joined] = await this.store.readStream<EventOfType<'WaitlistJoined'>>(
      waitlistStreamId(entry.email),
      undefined,
      ['WaitlistJoined'],
    );
    if (!joined || !joined.data.email) throw new RefusedError('not-found', LISTENER_MESSAGES.invitationInvalid);
    const { firstName, lastName, email, musicGenres, customGenres } = joined.data;
    return { firstName, lastName, email, genres: [...new Set([...musicGenres, ...customGenres])] };
  }
}
