import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository, EventStore, ProjectionWaiter, type Decided } from '@app/event-store';
import { InjectLogger, type Logger } from '@app/platform';
import { USERS_PROJECTION } from '../../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION, VERIFICATION_REWARD_REACTOR } from '../../../../../payola/index.js';
import { isFirstDelivery } from '../../../../webhook-deliveries.js';
import {
  decideKycDecision,
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
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
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

    const streamId = kycStreamId(userId);
    const deadline = Date.now() + READ_YOUR_WRITES_MS;
    const { result, appended } = await this.repository.execute(
      streamId,
      kycFold,
      async (state, tx): Promise<Decided<KycEvent, VeriffDecisionOutcome>> => {
        // The dedupe row commits with the events: a redelivery is dropped only once they are stored.
        if (!(await isFirstDelivery(tx, 'veriff', `${decision.sessionId}:${decision.status}`))) {
          // The delivery that got there first has committed by now: report the status it left.
          const { state: current } = await this.repository.load(streamId, kycFold, tx);
          return { events: [], result: { outcome: 'duplicate', veriffStatus: current.status } };
        }
        const events = decideKycDecision(state, { userId, ...decision });
        if (events.length === 0) return { events, result: { outcome: 'unchanged', veriffStatus: state.status } };
        return { events, result: { outcome: 'recorded', veriffStatus: statusAfter(state, events) } };
      },
      {
        metadata: { causationId: `veriff:${decision.sessionId}` },
        maxAttempts: 3,
        // Read-your-writes including the +1000 reward: the reactor first decides it...
        waitFor: [VERIFICATION_REWARD_REACTOR],
        waitTimeoutMs: READ_YOUR_WRITES_MS,
      },
    );
    if (appended) {
      // ...then the user and ledger projections pass whatever it appended.
      await this.waiter.waitFor(
        await this.store.head(),
        [USERS_PROJECTION, PAYOLA_LEDGER_PROJECTION],
        Math.max(0, deadline - Date.now()),
      );
    }
    return result;
  }
}
