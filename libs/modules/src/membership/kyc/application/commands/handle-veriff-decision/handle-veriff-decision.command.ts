import type { IncomingHttpHeaders } from 'node:http';
import { Command } from '@nestjs/cqrs';
import type { TVeriffStatus } from '@app/contracts';

export interface VeriffDecisionOutcome {
  outcome: 'recorded' | 'unchanged' | 'duplicate' | 'ignored';
  /** The user's identity check status afterwards (null when the webhook named no decision). */
  veriffStatus: TVeriffStatus | null;
}

/**
 * A decision webhook as received: the exact bytes and the headers carrying the signature. Veriff's
 * webhook and the test mode's decisions both come through here.
 */
export class HandleVeriffDecision extends Command<VeriffDecisionOutcome> {
  constructor(
    readonly rawBody: Buffer,
    readonly headers: IncomingHttpHeaders,
  ) {
    super();
  }
}
