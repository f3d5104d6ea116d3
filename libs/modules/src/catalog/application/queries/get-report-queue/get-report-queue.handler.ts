import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReportReason, TOpsReportGroup, TOpsReportQueue } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { GetReportQueue } from './get-report-queue.query.js';
import { REPORT_QUEUE_SQL } from './report-queue-sql.js';

interface GroupRow {
  kind: 'artist' | 'venue';
  entry_id: string;
  status: 'open' | 'dismissed';
  wrong_info: number;
  duplicate: number;
  offensive: number;
  other: number;
  last_position: string;
  last_reported_at: Date;
  dismissed_by: string | null;
  dismissal_reason: string | null;
  name: string | null;
  hidden_reason: string | null;
  texts: { reason: ReportReason; text: string; reportedAt: string }[];
}

@QueryHandler(GetReportQueue)
export class GetReportQueueHandler implements IQueryHandler<GetReportQueue> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ status, cursor, limit }: GetReportQueue): Promise<TOpsReportQueue> {
    const { rows } = await this.pool.query<GroupRow>(REPORT_QUEUE_SQL, [status, cursor ?? null, limit + 1]);
    const page = rows.slice(0, limit);
    return {
      groups: page.map(toGroup),
      nextCursor: rows.length > limit ? (page.at(-1)?.last_position ?? null) : null,
    };
  }
}

function toGroup(row: GroupRow): TOpsReportGroup {
  return {
    kind: row.kind,
    entryId: row.entry_id,
    name: row.name,
    status: row.status,
    hidden: row.hidden_reason === null ? null : { reason: row.hidden_reason },
    counts: { 'wrong-info': row.wrong_info, duplicate: row.duplicate, offensive: row.offensive, other: row.other },
    lastReportedAt: row.last_reported_at.toISOString(),
    texts: row.texts.map((text) => ({ ...text, reportedAt: new Date(text.reportedAt).toISOString() })),
    dismissal: row.dismissed_by === null ? null : { operatorId: row.dismissed_by, reason: row.dismissal_reason ?? '' },
  };
}
