import { Migration } from '@mikro-orm/migrations';

/** Where each projector (and each side-effect reactor) has got to in the event log. */
export class ProjectionCheckpoints0002 extends Migration {
  override name = '0002-projection-checkpoints';

  override up(): void {
    this.addSql(`
      create table projection_checkpoints (
        name text primary key,
        transaction_id xid8 not null default '0'::xid8,
        global_position bigint not null default 0,
        events_processed bigint not null default 0,
        updated_at timestamptz not null default now()
      );
    `);
  }
}
