import type { EventOfType, EventPayload } from '@app/contracts';
import { DomainError } from '@app/domain';

export const CONTACT_EVENT_TYPES = ['ContactMessageSent'] as const;
export type ContactEvent = EventOfType<(typeof CONTACT_EVENT_TYPES)[number]>;

export interface ContactMessageState {
  sent: boolean;
}

/** Each message is a stream of its own (its id is fresh), so senders never contend. */
export function contactStreamId(messageId: string): string {
  return `contact-${messageId}`;
}

export const contactMessageFold = {
  eventTypes: CONTACT_EVENT_TYPES,
  initialState: (): ContactMessageState => ({ sent: false }),
  evolve: (_state: ContactMessageState, _event: ContactEvent): ContactMessageState => ({ sent: true }),
};

export class ContactMessageExistsError extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('This message was already sent.');
  }
}

export function decideSendContactMessage(
  state: ContactMessageState,
  message: EventPayload<'ContactMessageSent'>,
): ContactEvent[] {
  if (state.sent) throw new ContactMessageExistsError();
  return [{ type: 'ContactMessageSent', data: message }];
}
