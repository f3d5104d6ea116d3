import { Command } from '@nestjs/cqrs';
import type { TKycTestDecisionRequest, TKycTestDecisionResponse } from '@app/contracts';

/** Test mode: the signed-in user picks the outcome of their own identity check. */
export class SubmitTestDecision extends Command<TKycTestDecisionResponse> {
  constructor(
    readonly userId: string,
    readonly decision: TKycTestDecisionRequest['decision'],
  ) {
    super();
  }
}
