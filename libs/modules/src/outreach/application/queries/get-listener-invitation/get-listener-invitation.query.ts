import { Query } from '@nestjs/cqrs';
import type { TListenerInvitation } from '@app/contracts';

/** What an invitation link pre-fills: the waitlist entry its token names. */
export class GetListenerInvitation extends Query<TListenerInvitation> {
  constructor(readonly token: string) {
    super();
  }
}
