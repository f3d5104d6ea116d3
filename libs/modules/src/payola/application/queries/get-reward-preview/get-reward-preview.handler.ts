import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { REWARD_RULES } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { payolaAccountFold, payolaStreamId, previewAward } from '../../../domain/payola-account.js';
import { GetRewardPreview, type RewardPreview } from './get-reward-preview.query.js';

/** Folds the user's own Payola stream, so the preview is exactly what the next award would pay. */
@QueryHandler(GetRewardPreview)
export class GetRewardPreviewHandler implements IQueryHandler<GetRewardPreview> {
  constructor(@Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository) {}

  async execute({ userId }: GetRewardPreview): Promise<RewardPreview> {
    const { state } = await this.repository.load(payolaStreamId(userId), payolaAccountFold);
    return Object.fromEntries(REWARD_RULES.map(({ rule }) => [rule, previewAward(state, rule)])) as RewardPreview;
  }
}
