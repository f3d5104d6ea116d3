import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MODERATION_MESSAGES } from '@app/contracts';
import { RefusedError } from '@app/domain';
import { EventSourcedRepository } from '@app/event-store';
import { InjectPool, type Pool } from '@app/platform';
import { REPORTS_PROJECTION } from '../../../catalog-names.js';
import { decideModeration, moderationFold, moderationStreamId } from '../../../domain/moderation.js';
import { openReportCount } from '../../queries/get-report-queue/report-queue-sql.js';
import { entryNameOnFile } from '../set-vote/entry-marks.js';
import { ModerateEntry } from './moderate-entry.command.js';

/**
 * The operators' decisions on an entry's moderation stream, each naming the operator and the reason.
 * The answer waits until the catalogue and the queue show it, so the console's next read does.
 */
@CommandHandler(ModerateEntry)
export class ModerateEntryHandler implements ICommandHandler<ModerateEntry> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @InjectPool() private readonly pool: Pool,
  ) {}

  async execute({ kind, entryId, operatorId, action, reason, requestId }: ModerateEntry): Promise<void> {
    await entryNameOnFile(this.repository, kind, entryId);
    // Nothing open to dismiss is a refusal an operator can read; a report that lands meanwhile is
    // dismissed with the others (the dismissal covers what was reported before it).
    if (action === 'dismiss' && (await openReportCount(this.pool, kind.name, entryId)) === 0) {
      throw new RefusedError('conflict', MODERATION_MESSAGES.noOpenReports);
    }
    await this.repository.execute(
      moderationStreamId(kind.name, entryId),
      moderationFold(kind.name),
      (state) => ({
        events: decideModeration(kind.name, state, { entryId, operatorId, reason, action }),
        result: null,
      }),
      {
        metadata: { actingUserId: operatorId, requestId },
        waitFor: action === 'dismiss' ? [REPORTS_PROJECTION] : [kind.projection, REPORTS_PROJECTION],
      },
    );
  }
}
