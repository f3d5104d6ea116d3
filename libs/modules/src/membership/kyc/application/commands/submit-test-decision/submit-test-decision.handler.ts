import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TKycTestDecisionResponse, TVeriffDecisionWebhook } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { foldKyc, kycStreamId } from '../../../domain/kyc.js';
import { KYC_PROVIDER, type KycProvider } from '../../../kyc-provider.js';
import { TestModeKycProvider } from '../../../test-mode-kyc-provider.js';
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
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
  ) {}

  async execute({ userId, decision }: SubmitTestDecision): Promise<TKycTestDecisionResponse> {
    // With Veriff configured only Veriff decides: the route does not exist.
    if (!(this.provider instanceof TestModeKycProvider)) throw new NotFoundException();
    const { rows } = await this.pool.query<{ session_id: string }>(
      `select session_id from kyc_sessions where user_id = $1 and provider = $2
       order by created_at desc limit 1`,
      [userId, this.provider.providerName],
    );
    const sessionId = rows[0]?.session_id;
    if (!sessionId) throw new ConflictException('Start identity verification first.');
    const { account } = foldKyc(await this.store.readStream(kycStreamId(userId)));
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
