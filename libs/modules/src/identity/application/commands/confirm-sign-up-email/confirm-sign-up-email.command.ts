import { Command } from '@nestjs/cqrs';

/** The link a new Listener got by email (/confirm-sign-up?token=...). */
export class ConfirmSignUpEmail extends Command<{ email: string }> {
  constructor(
    readonly token: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
