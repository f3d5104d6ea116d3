import type { EventOfType } from '@app/contracts';
import { defineProjection, tailOf } from '@app/event-store';
import { OPS_DAILY_ACTIVITY_PROJECTION } from '../operators-names.js';

/** What the console charts per UTC day, and the events that count toward each. */
const KIND_OF = {
  AccountCreated: 'sign-ups',
  PaymentCompleted: 'payments',
  // A decided identity check, either way: the chart shows the checks the provider finished that day.
  KycApproved: 'identity-checks',
  KycDeclined: 'identity-checks',
} as const;
export type DailyActivityKind = (typeof KIND_OF)[keyof typeof KIND_OF];

type CountedEvent = EventOfType<keyof typeof KIND_OF>;

/**
 * Counts per (UTC day, kind), so the dashboard reads 30 small rows instead of scanning the log: one
 * upsert per batch, summed in memory first. The day is the event's recorded time, which a replay
 * reads back unchanged, so `ops verify` finds the same counts.
 */
export const dailyActivityProjection = defineProjection<CountedEvent>({
  kind: 'projection',
  name: OPS_DAILY_ACTIVITY_PROJECTION,
  eventTypes: Object.keys(KIND_OF) as CountedEvent['type'][],
  tables: ['ops_daily_activity'],
  migrations: [
    {
      version: 1,
      description: 'sign-ups, payments and decided identity checks per UTC day',
      sql: `create table ops_daily_activity (
              day date not null,
              kind text not null,
              count integer not null,
              primary key (day, kind)
            )`,
    },
  ],
  handle(events, db) {
    const counts = new Map<string, number>();
    for (const event of events) {
      const key = `${event.recordedAt.toISOString().slice(0, 10)}|${KIND_OF[event.type]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (counts.size === 0) return Promise.resolve();
    const keys = [...counts.keys()].map((key) => key.split('|'));
    // Its one write is the batch's tail: the COMMIT follows it in the same round trip (BatchTail).
    return Promise.resolve(
      tailOf([
        db.query(
          `insert into ops_daily_activity (day, kind, count)
       select * from unnest($1::date[], $2::text[], $3::int[])
       on conflict (day, kind) do update set count = ops_daily_activity.count + excluded.count`,
          [keys.map(([day]) => day), keys.map(([, kind]) => kind), [...counts.values()]],
        ),
      ]),
    );
  },
});
