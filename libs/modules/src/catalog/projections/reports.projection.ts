import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';
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

/**
 * The operators' reports queue: every report (`catalog_reports`), and one group per reported entry
 * (`catalog_report_groups`) with its reports counted per reason, open until a dismissal and open again
 * (counting from zero) at the next report. The queue pages by the group's last report, newest first, on
 * an index per status. Reports are rare next to votes, so a batch applies them one by one in log order.
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
    for (const event of events) {
      if (event.type === 'ArtistReported' || event.type === 'VenueReported') {
        const [kind, entryId] =
          event.type === 'ArtistReported' ? ['artist', event.data.artistId] : ['venue', event.data.venueId];
        const { userId, reason, text } = event.data;
        const { rowCount } = await db.query(
          `insert into catalog_reports (kind, entry_id, user_id, reason, text, reported_at, position)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing`,
          [kind, entryId, userId, reason, text, event.recordedAt, event.globalPosition],
        );
        if (rowCount === 0) continue; // delivered twice
        const column = REPORT_COUNT_COLUMNS[reason];
        // A report on a dismissed group opens it again, counting from this report.
        const counts = Object.values(REPORT_COUNT_COLUMNS)
          .map((c) => `${c} = (case when g.status = 'open' then g.${c} else 0 end) + ${c === column ? 1 : 0}`)
          .join(', ');
        await db.query(
          `insert into catalog_report_groups as g
             (kind, entry_id, status, ${column}, since_position, last_position, last_reported_at)
           values ($1, $2, 'open', 1, $3, $3, $4)
           on conflict (kind, entry_id) do update set
             status = 'open', ${counts},
             since_position = case when g.status = 'open' then g.since_position else excluded.since_position end,
             dismissed_by = case when g.status = 'open' then g.dismissed_by end,
             dismissal_reason = case when g.status = 'open' then g.dismissal_reason end,
             last_position = excluded.last_position,
             last_reported_at = excluded.last_reported_at`,
          [kind, entryId, event.globalPosition, event.recordedAt],
        );
      } else {
        const [kind, entryId] =
          event.type === 'ArtistReportsDismissed' ? ['artist', event.data.artistId] : ['venue', event.data.venueId];
        await db.query(
          `update catalog_report_groups set status = 'dismissed', dismissed_by = $3, dismissal_reason = $4
           where kind = $1 and entry_id = $2 and status = 'open'`,
          [kind, entryId, event.data.operatorId, event.data.reason],
        );
      }
    }
  },
});
