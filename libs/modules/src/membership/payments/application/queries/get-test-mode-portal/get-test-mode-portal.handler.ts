import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TestModeOnlyError } from '../../../../test-mode-only.error.js';
import { PAYMENT_PROVIDER, type CardDetails, type PaymentProvider } from '../../../payment-provider.js';
import { PaymentSessions } from '../../services/payment-sessions.js';
import { GetTestModePortal } from './get-test-mode-portal.query.js';

@QueryHandler(GetTestModePortal)
export class GetTestModePortalHandler implements IQueryHandler<GetTestModePortal> {
  constructor(
    @Inject(PaymentSessions) private readonly sessions: PaymentSessions,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ userId }: GetTestModePortal): Promise<{ savedCard: CardDetails | null }> {
    if (this.provider.mode !== 'test') throw new TestModeOnlyError('Not found');
    return { savedCard: await this.sessions.latestPaidCard(userId) };
  }
}
