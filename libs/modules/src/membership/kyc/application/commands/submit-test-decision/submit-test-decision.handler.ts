import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { TKycTestDecisionResponse, TVeriffDecisionWebhook } from '@app/contracts';
import { GetAccount } from '../../../../../identity/index.js';
import { TestModeOnlyError } from '../../../../test-mode-only.error.js';
import { KycSessionNotStartedError } from '../../../domain/kyc.js';
import { KYC_PROVIDER, type KycProvider } from '../../../kyc-provider.js';
import { TestModeKycProvider } from '../../../test-mode-kyc-provider.js';
import { KycSessions } from '../../services/kyc-sessions.js';
import { HandleVeriffDecision } from '../handle-veriff-decision/handle-veriff-decision.command.js';
import { SubmitTestDecision } from './submit-test-decision.command.js';

/** Veriff's decision codes: 9001 approved, 9102 declined. */
const DECISION_CODES = { approved: 9001, declined: 9102 } as const;

/**
 * Builds the decision Veriff would send for the user's latest test session, signs it with the test
 * mode's secret and hands the exact bytes to the webhook handler, which verifies them like Veriff's.
 */
@CommandHandler(SubmitTestDecision)
export class SubmitTestDecisionHandler implements ICommandHandler<SubmitTestDecision> {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(KycSessions) private readonly sessions: KycSessions,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
  ) {}

  async execute({ userId, decision }: SubmitTestDecision): Promise<TKycTestDecisionResponse> {
    // With Veriff configured only Veriff decides: the route does not exist.
    if (!(this.provider instanceof TestModeKycProvider)) throw new TestModeOnlyError('Not Found');
    const sessionId = await this.sessions.latestSessionId(userId, this.provider.providerName);
    if (!sessionId) throw new KycSessionNotStartedError();
    const account = await this.queries.execute(new GetAccount(userId));
    const decisionTime = new Date().toISOString();
    const body: TVeriffDecisionWebhook = {
      status: 'success',
      verification: {
        id: sessionId,
        code: DECISION_CODES[decision],
        status: decision,
        reason: decision === 'declined' ? 'Declined in test mode' : null,
        vendorData: userId,
        acceptanceTime: decisionTime,
        decisionTime,
        person: { firstName: account?.firstName ?? null, lastName: account?.lastName ?? null },
      },
      technicalData: { ip: null },
    };
    const rawBody = Buffer.from(JSON.stringify(body));
    const { veriffStatus } = await this.commands.execute(
      new HandleVeriffDecision(rawBody, {
        'content-type': 'application/json',
        'x-hmac-signature': this.provider.sign(rawBody),
      }),
    );
    return { status: veriffStatus ?? 'pending' };
  }
}
