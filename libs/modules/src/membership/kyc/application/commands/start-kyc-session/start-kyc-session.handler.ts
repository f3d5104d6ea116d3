import { BadGatewayException, ConflictException, ForbiddenException, Inject, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TStartKycSessionResponse } from '@app/contracts';
import { EventStore, ProjectionWaiter, StreamVersionConflictError } from '@app/event-store';
import { InjectLogger, InjectPool, withTransaction, type Logger, type Pool } from '@app/platform';
import { USERS_PROJECTION } from '../../../../../identity/index.js';
import {
  decideStartSession,
  foldKyc,
  KycAccountNotFoundError,
  KycAlreadyVerifiedError,
  KycPaymentRequiredError,
  kycStreamId,
  type KycState,
  type StartSessionDecision,
} from '../../../domain/kyc.js';
import { KYC_PROVIDER, KycProviderError, type KycProvider, type KycSession } from '../../../kyc-provider.js';
import { StartKycSession } from './start-kyc-session.command.js';

function decide(state: KycState, provider: KycProvider): StartSessionDecision {
  try {
    return decideStartSession(state, provider.providerName);
  } catch (error) {
    if (error instanceof KycPaymentRequiredError) throw new ForbiddenException(error.message);
    if (error instanceof KycAlreadyVerifiedError) throw new ConflictException(error.message);
    if (error instanceof KycAccountNotFoundError) throw new NotFoundException(error.message);
    throw error;
  }
}

@CommandHandler(StartKycSession)
export class StartKycSessionHandler implements ICommandHandler<StartKycSession> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(ProjectionWaiter) private readonly waiter: ProjectionWaiter,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, requestId }: StartKycSession): Promise<TStartKycSessionResponse> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.start(userId, requestId);
      } catch (error) {
        // A concurrent start (a double click) won: the next attempt continues the session it opened.
        if (!(error instanceof StreamVersionConflictError) || attempt >= 2) throw error;
      }
    }
  }

  private async start(userId: string, requestId: string | undefined): Promise<TStartKycSessionResponse> {
    const streamId = kycStreamId(userId);
    // The stream, not the lagging users read model, says whether the payment completed.
    const events = await this.store.readStream(streamId);
    const version = events.at(-1)?.streamVersion ?? 0;
    const state = foldKyc(events);
    const decision = decide(state, this.provider);
    if ('reuse' in decision) {
      const { rows } = await this.pool.query<{ url: string | null }>(
        'select url from kyc_sessions where session_id = $1 and user_id = $2',
        [decision.reuse, userId],
      );
      if (rows[0]) return { sessionId: decision.reuse, url: rows[0].url, mode: this.provider.mode };
    }

    const account = state.account!;
    let session: KycSession;
    try {
      session = await this.provider.createSession({
        userId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
      });
    } catch (error) {
      if (error instanceof KycProviderError) {
        this.logger.error({ err: error, userId }, 'identity verification session could not be created');
        throw new BadGatewayException('Identity verification is unavailable right now. Please try again.');
      }
      throw error;
    }
    // The session row (how a webhook finds its user) and the event commit together; the expected
    // version keeps a concurrent start from opening a second session.
    const result = await withTransaction(this.pool, async (client) => {
      await client.query('insert into kyc_sessions (session_id, user_id, provider, url) values ($1, $2, $3, $4)', [
        session.sessionId,
        userId,
        this.provider.providerName,
        session.url,
      ]);
      return this.store.append(
        streamId,
        version,
        [
          {
            type: 'KycSessionStarted',
            data: { userId, sessionId: session.sessionId, provider: this.provider.providerName },
            metadata: { actingUserId: userId, requestId },
          },
        ],
        { client },
      );
    });
    this.store.notifyAppended(result);
    await this.waiter.waitFor(result.position, [USERS_PROJECTION], 2000);
    return { sessionId: session.sessionId, url: session.url, mode: this.provider.mode };
  }
}
