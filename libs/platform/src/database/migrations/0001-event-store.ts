import type { Migration } from '../migrations-runner.js';

/**
 * The append-only event log. Readers follow it by (transaction_id, global_position) below the
 * oldest running transaction, so events from transactions that commit out of order are never skipped.
 */
export const eventStore0001: Migration = {
  name: '0001-event-store',
  description: 'the event log: streams, events, append_events',
  sql: `
      create table streams (
        stream_id text primary key,
        version bigint not null check (version > 0)
      );

      create table events (
        global_position bigint generated always as identity primary key,
        stream_id text not null,
        stream_version bigint not null,
        type text not null,
        schema_version integer not null default 1,
        data jsonb not null,
        metadata jsonb not null default '{}'::jsonb,
        transaction_id xid8 not null default pg_current_xact_id(),
        recorded_at timestamptz not null default now(),
        constraint events_stream_version_unique unique (stream_id, stream_version)
      );
      create index events_transaction_position on events (transaction_id, global_position);

      create function events_are_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'the event log is append-only: % is not allowed on events', tg_op
          using errcode = 'ES001';
      end $$;
      create trigger events_no_update_or_delete before update or delete on events
        for each row execute function events_are_immutable();
      create trigger events_no_truncate before truncate on events
        for each statement execute function events_are_immutable();

      -- Appends a batch of events to one stream in the caller's transaction.
      -- p_expected_version: -1 = any, 0 = the stream must not exist, n = the stream must be at version n.
      create function append_events(p_stream_id text, p_expected_version bigint, p_events jsonb)
      returns table (stream_version bigint, global_position bigint, transaction_id xid8)
      language plpgsql as $$
      declare
        v_count integer := jsonb_array_length(p_events);
        v_current bigint;
      begin
        if v_count = 0 then
          raise exception 'append_events needs at least one event';
        end if;
        if p_expected_version = 0 then
          insert into streams (stream_id, version) values (p_stream_id, v_count) on conflict do nothing;
          if not found then
            select s.version into v_current from streams s where s.stream_id = p_stream_id;
            raise exception 'stream % already exists at version %', p_stream_id, v_current
              using errcode = 'ES409', detail = v_current::text;
          end if;
          v_current := 0;
        elsif p_expected_version > 0 then
          update streams s set version = s.version + v_count
            where s.stream_id = p_stream_id and s.version = p_expected_version;
          if not found then
            select s.version into v_current from streams s where s.stream_id = p_stream_id;
            raise exception 'stream % is at version %, expected %', p_stream_id, coalesce(v_current, 0), p_expected_version
              using errcode = 'ES409', detail = coalesce(v_current, 0)::text;
          end if;
          v_current := p_expected_version;
        else
          insert into streams as s (stream_id, version) values (p_stream_id, v_count)
            on conflict (stream_id) do update set version = s.version + v_count
            returning s.version - v_count into v_current;
        end if;

        return query
          insert into events as e (stream_id, stream_version, type, schema_version, data, metadata)
          select p_stream_id, v_current + item.ordinality, item.value ->> 'type',
                 coalesce((item.value ->> 'schemaVersion')::integer, 1),
                 item.value -> 'data', coalesce(item.value -> 'metadata', '{}'::jsonb)
          from jsonb_array_elements(p_events) with ordinality as item(value, ordinality)
          order by item.ordinality
          returning e.stream_version, e.global_position, e.transaction_id;
      end $$;
    `,
};
