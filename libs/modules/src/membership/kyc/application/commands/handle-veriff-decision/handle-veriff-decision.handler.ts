import { BadRequestException, Inject, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, ProjectionWaiter, StreamVersionConflictError, type AppendResult } from '@app/event-store';
import { InjectLogger, InjectPool, withTransaction, type Logger, type Pool } from '@app/platform';
import { USERS_PROJECTION } from '../../../../../identity/index.js';
import { PAYOLA_LEDGER_PROJECTION, VERIFICATION_REWARD_REACTOR } from '../../../../../payola/index.js';
import { decideKycDecision, foldKyc, kycStreamId, statusAfter } from '../../../domain/kyc.js';
import {
  KYC_PROVIDER,
  KycWebhookPayloadError,
  KycWebhookSignatureError,
  type KycProvider,
  type VeriffDecision,
} from '../../../kyc-provider.js';
import { HandleVeriffDecision, type VeriffDecisionOutcome } from './handle-veriff-decision.command.js';

const PROVIDER = 'veriff';
const FINAL_STATUSES = new Set(['approved', 'declined', 'resubmission_requested', 'expired', 'abandoned']);
const MAX_ATTEMPTS = 3;
const READ_YOUR_WRITES_MS = 2000;

interface Recorded {
  outcome: VeriffDecisionOutcome;
  appended: AppendResult | null;
}

@CommandHandler(HandleVeriffDecision)
export class HandleVeriffDecisionHandler implements ICommandHandler<HandleVeriffDecision> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ rawBody, headers }: HandleVeriffDecision): Promise<VeriffDecisionOutcome> {
    const decision = this.verify(rawBody, headers);
    if (!decision) return { outcome: 'ignored', veriffStatus: null };

    // Whose decision it is comes from our own session row; vendorData is only a cross-check.
    const { rows } = await this.pool.query<{ user_id: string }>(
      'select user_id from kyc_sessions where session_id = $1',
      [decision.sessionId],
    );
    const userId = rows[0]?.user_id;
    if (!userId) throw new NotFoundException('Unknown verification session.');
    if (decision.vendorData && decision.vendorData !== userId) {
      this.logger.warn(
        { sessionId: decision.sessionId, sessionUserId: userId, vendorData: decision.vendorData },
        "Veriff decision refused: vendorData does not name the session's user",
      );
      throw new BadRequestException('The verification does not belong to this session.');
    }

    if (!FINAL_STATUSES.has(decision.status)) return { outcome: 'ignored', veriffStatus: null };

    for (let attempt = 1; ; attempt++) {
      try {
        return await this.record(userId, decision);
      } catch (error) {
        // Another append to the user's stream won the race: decide again on the new state.
        if (!(error instanceof StreamVersionConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private verify(rawBody: Buffer, headers: HandleVeriffDecision['headers']): VeriffDecision | null {
    try {
      return this.provider.verifyWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof KycWebhookSignatureError) throw new UnauthorizedException(error.message);
      if (error instanceof KycWebhookPayloadError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  private async record(userId: string, decision: VeriffDecision): Promise<VeriffDecisionOutcome> {
    const streamId = kycStreamId(userId);
    const { outcome, appended } = await withTransaction(this.pool, async (client): Promise<Recorded> => {
      // The dedupe row commits with the events: a redelivery is dropped only once they are stored.
      const fresh = await client.query(
        'insert into processed_webhook_events (provider, event_id) values ($1, $2) on conflict do nothing',
        [PROVIDER, `${decision.sessionId}:${decision.status}`],
      );
      const history = await this.store.readStream(streamId, client);
      const state = foldKyc(history);
      if (fresh.rowCount === 0)
        return { outcome: { outcome: 'duplicate', veriffStatus: state.status }, appended: null };
      const events = decideKycDecision(state, { userId, ...decision });
      if (events.length === 0) return { outcome: { outcome: 'unchanged', veriffStatus: state.status }, appended: null };
      const appended = await this.store.append(
        streamId,
        history.at(-1)?.streamVersion ?? 0,
        events.map((event) => ({ ...event, metadata: { causationId: `veriff:${decision.sessionId}` } })),
        { client },
      );
      return { outcome: { outcome: 'recorded', veriffStatus: statusAfter(state, events) }, appended };
    });
    if (appended) {
      this.store.notifyAppended(appended);
      // Read-your-writes including the +1000 reward: the reactor first decides it, then the user
      // and ledger projections pass whatever it appended.
      const deadline = Date.now() + READ_YOUR_WRITES_MS;
      if (await this.waiter.waitFor(appended.position, [VERIFICATION_REWARD_REACTOR], READ_YOUR_WRITES_MS)) {
        const head = await this.store.head();
        await this.waiter.waitFor(
          head,
          [USERS_PROJECTION, PAYOLA_LEDGER_PROJECTION],
          Math.max(0, deadline - Date.now()),
        );
      }
    }
    return outcome;
  }
}
