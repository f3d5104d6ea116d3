import { Command } from '@nestjs/cqrs';
import type { TOpsClaim } from '@app/contracts';

/** An operator approves or refuses a pending claim, with a reason (the operator from the session). */
export class DecideClaim extends Command<TOpsClaim> {
  constructor(
    readonly claimId: string,
    readonly operatorId: string,
    readonly approve: boolean,
    readonly reason: string,
    readonly requestId?: string,
  ) {
    super();
  }
}
