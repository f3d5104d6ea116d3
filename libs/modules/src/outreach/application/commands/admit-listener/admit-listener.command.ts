import { Command } from '@nestjs/cqrs';

/**
 * Identity asks before it creates a Listener's account: the membership must be open (the milestone is
 * in the log) and the sign-up must pass the human check, which stands in for payment and identity check.
 */
export class AdmitListener extends Command<void> {
  constructor(
    readonly recaptchaToken: string | undefined,
    readonly remoteIp: string | undefined,
  ) {
    super();
  }
}
