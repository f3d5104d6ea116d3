import { Command } from '@nestjs/cqrs';

/** A signed-in Listener asks for the confirmation link again; `sent` is false when there is nothing to confirm. */
export class ResendSignUpConfirmation extends Command<{ sent: boolean }> {
  constructor(
    readonly userId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
