import type { EventData, MembershipStarted } from '@app/contracts';
import type { Projection } from '@app/event-store';

/** Fans whose monthly membership is active: who the monthly Payola grant goes to. */
export const activeMembershipsProjection: Projection = {
  kind: 'projection',
  name: 'active-memberships',
  eventTypes: ['MembershipStarted', 'MembershipEnded'],
  tables: ['active_memberships'],
  async setup(db) {
    await db.query(`
      create table if not exists active_memberships (
        user_id text primary key,
        started_at timestamptz not null
      )`);
  },
  async handle(events, db) {
    for (const event of events) {
      const { userId } = event.data as { userId: string };
      if (event.type === 'MembershipStarted') {
        const { startedAt } = event.data as EventData<typeof MembershipStarted>;
        await db.query(
          'insert into active_memberships (user_id, started_at) values ($1, $2) on conflict (user_id) do update set started_at = excluded.started_at',
          [userId, startedAt],
        );
      } else {
        await db.query('delete from active_memberships where user_id = $1', [userId]);
      }
    }
  },
};
