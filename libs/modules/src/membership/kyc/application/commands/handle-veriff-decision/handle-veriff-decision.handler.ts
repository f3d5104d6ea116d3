import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository, EventStore, type Decided } from '@app/event-store';
import { InjectLogger, type Queryable, type Logger } from '@app/platform';
import { GetAccount } from '../../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION, awardPayola } from '../../../../../payola/index.js';
import { isFirstDelivery } from '../../../../webhook-deliveries.js';
import {
  decideKycDecision,
  kycAlsoRead,
  kycFold,
  KycSessionOfAnotherUserError,
  kycStreamId,
  statusAfter,
  type KycEvent,
  UnknownKycSessionError,
} from '../../../domain/kyc.js';
import { KYC_PROVIDER, type KycProvider } from '../../../kyc-provider.js';
import { KycSessions } from '../../services/kyc-sessions.js';
import { HandleVeriffDecision, type VeriffDecisionOutcome } from './handle-veriff-decision.command.js';

const FINAL_STATUSES = new Set(['approved', 'declined', 'resubmission_requested', 'expired', 'abandoned']);
const READ_YOUR_WRITES_MS = 2000;

@CommandHandler(HandleVeriffDecision)
export class HandleVeriffDecisionHandler implements ICommandHandler<HandleVeriffDecision> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(KycSessions) private readonly sessions: KycSessions,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ rawBody, headers }: HandleVeriffDecision): Promise<VeriffDecisionOutcome> {
    // Throws KycWebhookSignatureError (401) or KycWebhookPayloadError (400).
    const decision = this.provider.verifyWebhook(rawBody, headers);
    if (!decision) return { outcome: 'ignored', veriffStatus: null };

    // Whose decision it is comes from our own session row; vendorData is only a cross-check.
    const userId = await this.sessions.userOf(decision.sessionId);
    if (!userId) throw new UnknownKycSessionError();
    if (decision.vendorData && decision.vendorData !== userId) {
      this.logger.warn(
        { sessionId: decision.sessionId, sessionUserId: userId, vendorData: decision.vendorData },
        "Veriff decision refused: vendorData does not name the session's user",
      );
      throw new KycSessionOfAnotherUserError();
    }

    if (!FINAL_STATUSES.has(decision.status)) return { outcome: 'ignored', veriffStatus: null };

    // A role never changes: it may be read before the transaction.
    const account = await this.queries.execute(new GetAccount(userId));
    const streamId = kycStreamId(userId);
    const alsoRead = kycAlsoRead(userId);
    const { result } = await this.repository.execute(
      streamId,
      kycFold,
      async (state, tx): Promise<Decided<KycEvent, VeriffDecisionOutcome>> => {
        // The dedupe row commits with the events: a redelivery is dropped only once they are stored.
        if (!(await isFirstDelivery(tx, 'veriff', `${decision.sessionId}:${decision.status}`))) {
          // The delivery that got there first has committed by now: report the status it left.
          const { state: current } = await this.repository.load(streamId, kycFold, tx, alsoRead);
          return { events: [], result: { outcome: 'duplicate', veriffStatus: current.status } };
        }
        const events = decideKycDecision(state, { userId, ...decision });
        if (events.length === 0) return { events, result: { outcome: 'unchanged', veriffStatus: state.status } };
        if (account?.role === 'fan' && events.some((event) => event.type === 'KycApproved')) {
          await this.payVerificationReward(tx, userId);
        }
        return { events, result: { outcome: 'recorded', veriffStatus: statusAfter(state, events) } };
      },
      {
        metadata: { causationId: `veriff:${decision.sessionId}` },
        alsoRead,
        maxAttempts: 3,
        // Read-your-writes: the reward commits before the approval's position, so both show together.
        waitFor: [PAYOLA_LEDGER_PROJECTION],
        waitTimeoutMs: READ_YOUR_WRITES_MS,
      },
    );
    return result;
  }

  /**
   * A fan whose identity check is approved earns +1000, in the transaction that records the
   * approval: both commit or neither. The source stays 'identity-verified', the key the worker's
   * reactor paid under before (ADR 0003), so an approval it already paid is not paid again.
   */
  private async payVerificationReward(tx: Queryable, userId: string): Promise<void> {
    await awardPayola(this.store, tx, {
      userId,
      rule: 'identity-verified',
      description: 'Welcome bonus for verifying your identity',
      source: 'identity-verified',
    });
  }
}
