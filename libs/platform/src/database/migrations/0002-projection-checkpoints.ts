import type { Migration } from '../migrations-runner.js';

/** Where each projector (and each side-effect reactor) has got to in the event log. */
export const projectionCheckpoints0002: Migration = {
  name: '0002-projection-checkpoints',
  description: 'where each log consumer has got to',
  sql: `
      create table projection_checkpoints (
        name text primary key,
        transaction_id xid8 not null default '0'::xid8,
        global_position bigint not null default 0,
        events_processed bigint not null default 0,
        updated_at timestamptz not null default now()
      );
    `,
};
