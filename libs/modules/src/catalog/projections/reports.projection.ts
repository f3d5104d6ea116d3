import type { EventOfType } from '@app/contracts';
import { defineProjection, defineRowTable, RowBatch, tailOf, type StoredEvent } from '@app/event-store';
import { REPORTS_PROJECTION } from '../catalog-names.js';

type ReportsEvent = EventOfType<
  'ArtistReported' | 'VenueReported' | 'ArtistReportsDismissed' | 'VenueReportsDismissed'
>;

export const REPORT_COUNT_COLUMNS = {
  'wrong-info': 'wrong_info',
  duplicate: 'duplicate',
  offensive: 'offensive',
  other: 'other',
} as const;

/** A row of catalog_reports as stored (migration 1). */
interface ReportRow {
  kind: string;
  entry_id: string;
  user_id: string;
  reason: string;
  text: string | null;
  reported_at: Date | string;
  position: number | string;
}

const REPORTS = defineRowTable<ReportRow>({
  name: 'catalog_reports',
  key: ['kind', 'entry_id', 'user_id'],
  columns: ['kind', 'entry_id', 'user_id', 'reason', 'text', 'reported_at', 'position'],
});

/** A row of catalog_report_groups as stored (migration 1). */
interface ReportGroupRow {
  kind: string;
  entry_id: string;
  status: string;
  wrong_info: number;
  duplicate: number;
  offensive: number;
  other: number;
  since_position: number | string;
  last_position: number | string;
  last_reported_at: Date | string;
  dismissed_by: string | null;
  dismissal_reason: string | null;
}

const GROUPS = defineRowTable<ReportGroupRow>({
  name: 'catalog_report_groups',
  key: ['kind', 'entry_id'],
  columns: [
    'kind',
    'entry_id',
    'status',
    'wrong_info',
    'duplicate',
    'offensive',
    'other',
    'since_position',
    'last_position',
    'last_reported_at',
    'dismissed_by',
    'dismissal_reason',
  ],
});

/**
 * The operators' reports queue: every report (`catalog_reports`), and one group per reported entry
 * (`catalog_report_groups`) with its reports counted per reason, open until a dismissal and open again
 * (counting from zero) at the next report. The queue pages by the group's last report, newest first, on
 * an index per status.
 *
 * A batch is set-based, so a replay costs two statements per table per batch rather than one or two per
 * event: it loads the reports and groups its events name, folds the events in log order in memory with
 * the rules of the statements they replace, and writes the changed rows back. A report is
 * `insert ... on conflict do nothing`, and one already there (delivered twice, in this batch or an
 * earlier one) leaves its group alone, so it is counted once; a dismissal changes an open group only.
 */
export const reportsProjection = defineProjection<ReportsEvent>({
  kind: 'projection',
  name: REPORTS_PROJECTION,
  eventTypes: ['ArtistReported', 'VenueReported', 'ArtistReportsDismissed', 'VenueReportsDismissed'],
  tables: ['catalog_reports', 'catalog_report_groups'],
  migrations: [
    {
      version: 1,
      description: "members' reports of artists and venues, grouped per entry for the operators' queue",
      sql: `create table catalog_reports (
              kind text not null,
              entry_id text not null,
              user_id text not null,
              reason text not null,
              text text,
              reported_at timestamptz not null,
              position bigint not null,
              primary key (kind, entry_id, user_id)
            );
            create index catalog_reports_entry on catalog_reports (kind, entry_id, position desc);
            create table catalog_report_groups (
              kind text not null,
              entry_id text not null,
              status text not null,
              wrong_info integer not null default 0,
              duplicate integer not null default 0,
              offensive integer not null default 0,
              other integer not null default 0,
              since_position bigint not null,
              last_position bigint not null,
              last_reported_at timestamptz not null,
              dismissed_by text,
              dismissal_reason text,
              primary key (kind, entry_id)
            );
            create index catalog_report_groups_queue on catalog_report_groups (status, last_position desc);`,
    },
  ],
  async handle(events, db) {
    // Both loads go together (a pipelined connection): one round trip.
    const [reports, groups] = await Promise.all([
      RowBatch.load(
        db,
        REPORTS,
        events.flatMap((event) => (isReport(event) ? [[...entryOf(event), event.data.userId]] : [])),
      ),
      RowBatch.load(db, GROUPS, events.map(entryOf)),
    ]);
    for (const event of events) {
      const [kind, entryId] = entryOf(event);
      if (isReport(event)) {
        const { userId, reason, text } = event.data;
        const added = reports.insertIfMissing({
          kind,
          entry_id: entryId,
          user_id: userId,
          reason,
          text,
          reported_at: event.recordedAt,
          position: event.globalPosition,
        });
        if (!added) continue; // delivered twice
        const column = REPORT_COUNT_COLUMNS[reason];
        const opened = groups.insertIfMissing({
          kind,
          entry_id: entryId,
          status: 'open',
          wrong_info: 0,
          duplicate: 0,
          offensive: 0,
          other: 0,
          [column]: 1,
          since_position: event.globalPosition,
          last_position: event.globalPosition,
          last_reported_at: event.recordedAt,
          dismissed_by: null,
          dismissal_reason: null,
        });
        if (opened) continue;
        groups.update([kind, entryId], (group) => {
          // A report on a dismissed group opens it again, counting from this report.
          const open = group.status === 'open';
          for (const count of Object.values(REPORT_COUNT_COLUMNS)) {
            group[count] = (open ? group[count] : 0) + (count === column ? 1 : 0);
          }
          if (!open) {
            group.since_position = event.globalPosition;
            group.dismissed_by = null;
            group.dismissal_reason = null;
          }
          group.status = 'open';
          group.last_position = event.globalPosition;
          group.last_reported_at = event.recordedAt;
        });
      } else if (groups.get([kind, entryId])?.status === 'open') {
        groups.update([kind, entryId], (group) => {
          group.status = 'dismissed';
          group.dismissed_by = event.data.operatorId;
          group.dismissal_reason = event.data.reason;
        });
      }
    }
    // The batch's tail: both writes go together, and the COMMIT behind them (BatchTail).
    return tailOf([reports.write(db), groups.write(db)]);
  },
});

type ReportedEvent = Extract<ReportsEvent, { type: 'ArtistReported' | 'VenueReported' }>;

function isReport(event: StoredEvent<ReportsEvent>): event is StoredEvent<ReportedEvent> {
  return event.type === 'ArtistReported' || event.type === 'VenueReported';
}

/** The reported or dismissed entry: its kind and id. */
function entryOf(event: StoredEvent<ReportsEvent>): [kind: 'artist' | 'venue', entryId: string] {
  switch (event.type) {
    case 'ArtistReported':
    case 'ArtistReportsDismissed':
      return ['artist', event.data.artistId];
    case 'VenueReported':
    case 'VenueReportsDismissed':
      return ['venue', event.data.venueId];
  }
}
