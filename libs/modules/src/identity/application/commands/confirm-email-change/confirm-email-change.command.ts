import { Command } from '@nestjs/cqrs';

/** The link sent to a new address was opened: it becomes the account's email. Answers that address. */
export class ConfirmEmailChange extends Command<{ email: string }> {
  constructor(
    readonly token: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
