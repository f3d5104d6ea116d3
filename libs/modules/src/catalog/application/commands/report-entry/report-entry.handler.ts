import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TReportResponse } from '@app/contracts';
import { EventSourcedRepository } from '@app/event-store';
import { REPORTS_PROJECTION } from '../../../catalog-names.js';
import { decideReport, reportFold, reportStreamId } from '../../../domain/moderation.js';
import { CatalogMembers } from '../../services/catalog-members.js';
import { entryNameOnFile } from '../set-vote/entry-marks.js';
import { ReportEntry } from './report-entry.command.js';

/**
 * A member's report of an entry on file (an id that names none is not found). Once per member and entry, decided on the (entry, member) stream, so
 * racing requests of one member give one report; the per-member hourly limit is the route's.
 */
@CommandHandler(ReportEntry)
export class ReportEntryHandler implements ICommandHandler<ReportEntry> {
  constructor(
    @Inject(EventSourcedRepository) private readonly repository: EventSourcedRepository,
    @Inject(CatalogMembers) private readonly members: CatalogMembers,
  ) {}

  async execute({ kind, userId, entryId, reason, text, requestId }: ReportEntry): Promise<TReportResponse> {
    await this.members.member(userId);
    await entryNameOnFile(this.repository, kind, entryId);
    await this.repository.execute(
      reportStreamId(kind.name, entryId, userId),
      reportFold(kind.name),
      (state) => ({ events: decideReport(kind.name, state, { entryId, userId, reason, text }), result: null }),
      { metadata: { actingUserId: userId, requestId }, waitFor: [REPORTS_PROJECTION] },
    );
    return { reported: true };
  }
}
