import { Command } from '@nestjs/cqrs';
import type { TStartKycSessionResponse } from '@app/contracts';

/** Opens (or continues) the signed-in user's identity check. */
export class StartKycSession extends Command<TStartKycSessionResponse> {
  constructor(
    readonly userId: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
