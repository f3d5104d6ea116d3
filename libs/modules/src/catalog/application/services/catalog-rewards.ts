import { Inject, Injectable } from '@nestjs/common';
import type { TRewardSummary } from '@app/contracts';
import { EventStore } from '@app/event-store';
import type { Queryable } from '@app/platform';
import { awardPayola, type AwardRequest } from '../../../payola/index.js';

/**
 * Pays the catalogue's rewards through Payola's award rules, inside the command's transaction, and
 * sums up what was really recorded (a source that already paid, or a rule worth 0 here, pays nothing).
 */
@Injectable()
export class CatalogRewards {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async pay(tx: Queryable, userId: string, requests: readonly Omit<AwardRequest, 'userId'>[]): Promise<TRewardSummary> {
    const lines: TRewardSummary['lines'] = [];
    for (const request of requests) {
      const { award } = await awardPayola(this.store, tx, { ...request, userId });
      if (award) lines.push({ rule: award.rule, description: award.description, amount: award.amount });
    }
    return { total: lines.reduce((sum, line) => sum + line.amount, 0), lines };
  }
}
