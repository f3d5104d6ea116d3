import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LISTENER_MESSAGES, type TStartKycSessionResponse } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository, type Decided } from '@app/event-store';
import { InjectLogger, type Logger } from '@app/platform';
import { GetAccount, type Account } from '../../../../../identity/index.js';
import {
  decideRecordSession,
  decideStartSession,
  KycAccountNotFoundError,
  kycAlsoRead,
  kycFold,
  kycStreamId,
  KycUnavailableError,
  type KycEvent,
} from '../../../domain/kyc.js';
import { KYC_PROVIDER, KycProviderError, type KycProvider, type KycSession } from '../../../kyc-provider.js';
import { KycSessions } from '../../services/kyc-sessions.js';
import { StartKycSession } from './start-kyc-session.command.js';

@CommandHandler(StartKycSession)
export class StartKycSessionHandler implements ICommandHandler<StartKycSession> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(KycSessions) private readonly sessions: KycSessions,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  async execute({ userId, requestId }: StartKycSession): Promise<TStartKycSessionResponse> {
    const account = await this.queries.execute(new GetAccount(userId));
    if (account?.role === 'listener') throw new RefusedError('forbidden', LISTENER_MESSAGES.noIdentityCheck);
    const streamId = kycStreamId(userId);
    const providerName = this.provider.providerName;
    // The stream, not the lagging users read model, says whether the payment completed.
    const alsoRead = kycAlsoRead(userId);
    const { state } = await this.repository.load(streamId, kycFold, undefined, alsoRead);
    const decision = decideStartSession(state, providerName, account);
    if ('reuse' in decision) return this.continued(decision.reuse, userId);

    if (!account) throw new KycAccountNotFoundError(); // decideStartSession refused that already
    const session = await this.createSession(userId, account);
    // The session row (how a webhook finds its user) and the event commit together; the expected
    // version makes a concurrent start decide again and continue the session the other recorded.
    const { result: sessionId } = await this.repository.execute(
      streamId,
      kycFold,
      async (current, tx): Promise<Decided<KycEvent, string>> => {
        const started = { userId, sessionId: session.sessionId, provider: providerName };
        const recorded = decideRecordSession(current, account, started);
        if ('reuse' in recorded) return { events: [], result: recorded.reuse };
        await this.sessions.record(tx, { ...started, url: session.url });
        return { events: recorded.events, result: session.sessionId };
      },
      {
        metadata: { actingUserId: userId, requestId },
        alsoRead,
      },
    );
    if (sessionId !== session.sessionId) return this.continued(sessionId, userId);
    return { sessionId, url: session.url, mode: this.provider.mode };
  }

  private async continued(sessionId: string, userId: string): Promise<TStartKycSessionResponse> {
    const url = await this.sessions.url(sessionId, userId);
    return { sessionId, url: url ?? null, mode: this.provider.mode };
  }

  private async createSession(userId: string, account: Account): Promise<KycSession> {
    try {
      return await this.provider.createSession({
        userId,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
      });
    } catch (error) {
      if (!(error instanceof KycProviderError)) throw error;
      this.logger.error({ err: error, userId }, 'identity verification session could not be created');
      throw new KycUnavailableError();
    }
  }
}
