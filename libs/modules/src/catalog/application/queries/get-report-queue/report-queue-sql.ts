import type { Queryable } from '@app/platform';

/** The open reports on an entry (0 when none, or when the queue has not seen them yet). */
export async function openReportCount(db: Queryable, kind: 'artist' | 'venue', entryId: string): Promise<number> {
  const { rows } = await db.query<{ open: number }>(
    `select wrong_info + duplicate + offensive + other as open from catalog_report_groups
     where kind = $1 and entry_id = $2 and status = 'open'`,
    [kind, entryId],
  );
  return rows[0]?.open ?? 0;
}

/**
 * A page of the queue ($1 status, $2 the last position of the previous page or null, $3 rows), newest
 * report first on the (status, last_position) index; each group's name and hidden state from its kind's
 * entries and its latest five reports' own words, by primary key and index, for the page's rows only.
 */
export const REPORT_QUEUE_SQL = `
  select g.kind, g.entry_id, g.status, g.wrong_info, g.duplicate, g.offensive, g.other,
         g.last_position::text as last_position, g.last_reported_at, g.dismissed_by, g.dismissal_reason,
         coalesce(a.name, v.name) as name,
         case when coalesce(a.is_public, v.is_public) = false then coalesce(a.hidden_reason, v.hidden_reason, '') end
           as hidden_reason,
         coalesce(t.texts, '[]'::json) as texts
  from (select * from catalog_report_groups
        where status = $1 and ($2::bigint is null or last_position < $2::bigint)
        order by last_position desc limit $3) g
  left join catalog_artists a on g.kind = 'artist' and a.id = g.entry_id
  left join catalog_venues v on g.kind = 'venue' and v.id = g.entry_id
  left join lateral (
    select json_agg(json_build_object('reason', r.reason, 'text', r.text, 'reportedAt', r.reported_at)
                    order by r.position desc) as texts
    from (select reason, text, reported_at, position from catalog_reports r
          where r.kind = g.kind and r.entry_id = g.entry_id and r.position >= g.since_position
            and r.text is not null
          order by r.position desc limit 5) r
  ) t on true
  order by g.last_position desc`;
