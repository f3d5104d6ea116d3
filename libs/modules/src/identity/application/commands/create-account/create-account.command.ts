import { Command } from '@nestjs/cqrs';
import type { TCreateAccountRequest } from '@app/contracts';

export class CreateAccount extends Command<{ userId: string; confirmationSentTo?: string }> {
  constructor(
    readonly input: TCreateAccountRequest,
    readonly requestId?: string,
    /** For a Listener's human check. */
    readonly remoteIp?: string,
  ) {
    super();
  }
}
