import { Query } from '@nestjs/cqrs';
import type { RewardRule } from '@app/domain';

/** What each rule would pay this user now (the add forms' reward summaries and buttons). */
export type RewardPreview = Record<RewardRule, number>;

export class GetRewardPreview extends Query<RewardPreview> {
  constructor(readonly userId: string) {
    super();
  }
}
