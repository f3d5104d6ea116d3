import { Command } from '@nestjs/cqrs';
import type { TContactMessage } from '@app/contracts';

/** Records a contact-form message, forwards it to support and confirms it to the sender. */
export class SendContactMessage extends Command<void> {
  constructor(
    readonly message: TContactMessage,
    readonly remoteIp?: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
