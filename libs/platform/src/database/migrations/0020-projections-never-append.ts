import type { Migration } from '../migrations-runner.js';

/**
 * A projection's batch never appends an event, and now cannot: the live runners leave their own open
 * projection batches out of the horizon that readers wait for (open-projection-transactions.ts in
 * @app/event-store), which is right only while such a batch adds nothing to the log. The batch marks
 * itself with a transaction-local setting; one check per append statement, not per row.
 */
export const projectionsNeverAppend0020: Migration = {
  name: '0020-projections-never-append',
  description: 'an append inside a projection batch fails, so readers need not wait for those batches',
  sql: `
    create function events_refuse_projection_appends() returns trigger language plpgsql as $$
    begin
      if current_setting('app.log_consumer_kind', true) = 'projection' then
        raise exception 'a projection appended events; projections only derive from the log';
      end if;
      return null;
    end $$;
    create trigger events_refuse_projection_appends before insert on events
      for each statement execute function events_refuse_projection_appends();`,
};
