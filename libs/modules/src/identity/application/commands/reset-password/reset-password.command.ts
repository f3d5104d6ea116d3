import { Command } from '@nestjs/cqrs';

export class ResetPassword extends Command<{ userId: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
