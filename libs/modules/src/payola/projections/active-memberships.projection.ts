import type { EventOfType } from '@app/contracts';
import { defineProjection } from '@app/event-store';

/** Fans whose monthly membership is active: who the monthly Payola grant goes to. */
export const activeMembershipsProjection = defineProjection<EventOfType<'MembershipStarted' | 'MembershipEnded'>>({
  kind: 'projection',
  name: 'active-memberships',
  eventTypes: ['MembershipStarted', 'MembershipEnded'],
  tables: ['active_memberships'],
  migrations: [
    {
      version: 1,
      description: 'fans with an active membership',
      // `if not exists`: databases from before versioned read-model migrations already have it.
      sql: `create table if not exists active_memberships (
              user_id text primary key,
              started_at timestamptz not null
            )`,
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      if (event.type === 'MembershipStarted') {
        await db.query(
          'insert into active_memberships (user_id, started_at) values ($1, $2) on conflict (user_id) do update set started_at = excluded.started_at',
          [event.data.userId, event.data.startedAt],
        );
      } else {
        await db.query('delete from active_memberships where user_id = $1', [event.data.userId]);
      }
    }
  },
});
