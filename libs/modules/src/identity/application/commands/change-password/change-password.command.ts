import { Command } from '@nestjs/cqrs';

/** My Profile: a new password, given the current one; the other sessions end, `sessionId` stays. */
export class ChangePassword extends Command<void> {
  constructor(
    readonly userId: string,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly sessionId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
