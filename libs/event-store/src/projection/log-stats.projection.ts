import type { Queryable } from '@app/platform';
import type { StoredEvent } from '../stored-event.js';
import { tailOf, type Projection } from './log-consumer.js';

/**
 * How many events of each type the log holds, and when the latest was recorded. Operators read it
 * in `ops status`; it also proves exactly-once projection, since a batch applied twice would
 * double-count.
 */
export const logStatsProjection: Projection = {
  kind: 'projection',
  name: 'log-stats',
  tables: ['log_stats'],
  migrations: [
    {
      version: 1,
      description: 'events per type',
      // `if not exists`: databases from before versioned read-model migrations already have it.
      sql: `create table if not exists log_stats (
              type text primary key,
              events bigint not null,
              last_position bigint not null,
              last_recorded_at timestamptz not null
            )`,
    },
  ],
  handle(events: readonly StoredEvent[], db: Queryable) {
    const byType = new Map<string, { count: number; lastPosition: number; lastRecordedAt: Date }>();
    for (const event of events) {
      const entry = byType.get(event.type) ?? { count: 0, lastPosition: 0, lastRecordedAt: event.recordedAt };
      entry.count += 1;
      entry.lastPosition = event.globalPosition;
      entry.lastRecordedAt = event.recordedAt;
      byType.set(event.type, entry);
    }
    const types = [...byType.keys()];
    const entries = [...byType.values()];
    // Its one write is the batch's tail: the COMMIT follows it in the same round trip (BatchTail).
    return Promise.resolve(
      tailOf([
        db.query(
          `insert into log_stats (type, events, last_position, last_recorded_at)
       select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::timestamptz[])
       on conflict (type) do update set
         events = log_stats.events + excluded.events,
         last_position = excluded.last_position,
         last_recorded_at = excluded.last_recorded_at`,
          [
            types,
            entries.map((e) => e.count),
            entries.map((e) => e.lastPosition),
            entries.map((e) => e.lastRecordedAt),
          ],
        ),
      ]),
    );
  },
};
