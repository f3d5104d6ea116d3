import { Command } from '@nestjs/cqrs';

/** Emails a reset link when an account has this email; does nothing visible otherwise. */
export class RequestPasswordReset extends Command<void> {
  constructor(
    readonly email: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
