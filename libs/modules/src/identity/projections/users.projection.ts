import type { AccountCreated, EventData, PayolaAwarded } from '@app/contracts';
import type { Projection } from '@app/event-store';

export const USERS_PROJECTION = 'identity-users';

/**
 * One row per account: what the auth check and the navigation bar show, including the Payola
 * balance, so a reward shows in the same read as the rest of the user.
 */
export const usersProjection: Projection = {
  kind: 'projection',
  name: USERS_PROJECTION,
  eventTypes: ['AccountCreated', 'PayolaAwarded'],
  tables: ['identity_users'],
  async setup(db) {
    await db.query(`
      create table if not exists identity_users (
        id text primary key,
        email text not null,
        first_name text not null,
        last_name text not null,
        role text not null,
        zip_code text not null,
        payola_balance integer not null default 0,
        created_at timestamptz not null
      )`);
    // Databases made before the balance column existed (no Payola had been awarded then).
    await db.query('alter table identity_users add column if not exists payola_balance integer not null default 0');
  },
  async handle(events, db) {
    for (const event of events) {
      if (event.type === 'PayolaAwarded') {
        const award = event.data as EventData<typeof PayolaAwarded>;
        await db.query('update identity_users set payola_balance = payola_balance + $2 where id = $1', [
          award.userId,
          award.amount,
        ]);
        continue;
      }
      const data = event.data as EventData<typeof AccountCreated>;
      await db.query(
        `insert into identity_users (id, email, first_name, last_name, role, zip_code, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
        [data.userId, data.email, data.firstName, data.lastName, data.role, data.zipCode, event.recordedAt],
      );
    }
  },
};
