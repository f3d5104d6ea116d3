import { Command } from '@nestjs/cqrs';

/** My Profile: a new sign-in email, given the current password. Answers the address now waiting for its link. */
export class RequestEmailChange extends Command<{ pendingEmail: string; currentEmail: string }> {
  constructor(
    readonly userId: string,
    readonly email: string,
    readonly currentPassword: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
