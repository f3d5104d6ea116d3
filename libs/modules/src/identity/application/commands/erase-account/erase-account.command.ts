import { Command } from '@nestjs/cqrs';

/** My Profile: the member deletes their account, with their password again (docs/architecture.md "Erasure"). */
export class EraseAccount extends Command<void> {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
