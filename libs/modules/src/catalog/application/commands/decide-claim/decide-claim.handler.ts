import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TOpsClaim } from '@app/contracts';
import { EntryClaims } from '../../services/entry-claims.js';
import { DecideClaim } from './decide-claim.command.js';

@CommandHandler(DecideClaim)
export class DecideClaimHandler implements ICommandHandler<DecideClaim> {
  constructor(@Inject(EntryClaims) private readonly claims: EntryClaims) {}

  execute({ claimId, operatorId, approve, reason, requestId }: DecideClaim): Promise<TOpsClaim> {
    return this.claims.decide(claimId, { operatorId, approve, reason }, requestId);
  }
}
