import { Command } from '@nestjs/cqrs';
import type { TCreateAccountRequest } from '@app/contracts';

export class CreateAccount extends Command<{ userId: string }> {
  constructor(
    readonly input: TCreateAccountRequest,
    readonly requestId?: string,
  ) {
    super();
  }
}
