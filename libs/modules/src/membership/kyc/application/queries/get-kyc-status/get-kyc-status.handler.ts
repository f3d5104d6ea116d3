import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TKycStatusResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { kycAlsoRead, kycFold, kycStreamId } from '../../../domain/kyc.js';
import { GetKycStatus } from './get-kyc-status.query.js';

/** Folded from the write side: the page polling for a decision sees it the moment it is recorded. */
@QueryHandler(GetKycStatus)
export class GetKycStatusHandler implements IQueryHandler<GetKycStatus> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ userId }: GetKycStatus): Promise<TKycStatusResponse> {
    const { state } = await this.repository.load(kycStreamId(userId), kycFold, undefined, kycAlsoRead(userId));
    // An approval is final, and it is what makes a user verified and their check completed.
    return { veriffStatus: state.status, verified: state.approved, kycCompleted: state.approved };
  }
}
