import type { EventRegistry } from '@app/contracts';
import { sealForAppend, type EventStore } from '@app/event-store';
import { withTransaction, type Pool } from '@app/platform';
import { formatInt, log, timed } from './bench-util.js';
import type { MixCommand, RealMix } from './real-mix.js';

/**
 * Events per bulk transaction. The log then has one transaction id per chunk instead of one per
 * command: projectors read by (transaction id, position) and batch by count, so that changes what they
 * read nothing but the ids; it makes writing a million events take seconds, not the half hour that a
 * million paced appends would.
 */
const CHUNK_EVENTS = 20_000;

/**
 * Writes the mix's next commands into the log until it holds `target` more events, in the event store's
 * own format (append_events' columns, stream versions in order, the `streams` rows) with multi-row
 * inserts. Every payload is validated against the registry first and its personal fields sealed under
 * their subject's key (made in the same transaction), as EventStore.append does, so a replay opens them
 * as it would a live log's; the events' recorded_at is the mix's clock, so read models see months of
 * history, not one instant.
 */
export async function writeRealLog(
  pool: Pool,
  mix: RealMix,
  registry: EventRegistry,
  target: number,
): Promise<{ added: number; seconds: number }> {
  const goal = mix.events + target;
  const { seconds } = await timed(async () => {
    let nextReport = 0;
    while (mix.events < goal) {
      const chunk: MixCommand[] = [];
      let size = 0;
      while (size < CHUNK_EVENTS && mix.events < goal) {
        const command = mix.next();
        chunk.push(command);
        size += command.length;
      }
      await insertChunk(pool, chunk, registry);
      if (mix.events >= nextReport || mix.events >= goal) {
        log(`  wrote ${formatInt(mix.events)}/${formatInt(goal)} events`);
        nextReport = mix.events + 100_000;
      }
    }
  });
  return { added: mix.events - (goal - target), seconds };
}

async function insertChunk(pool: Pool, chunk: readonly MixCommand[], registry: EventRegistry): Promise<void> {
  const streams: string[] = [];
  const versions: number[] = [];
  const types: string[] = [];
  const schemaVersions: number[] = [];
  const payloads: { data: unknown; personal: ReturnType<EventRegistry['personal']> }[] = [];
  const metadata: string[] = [];
  const recordedAt: Date[] = [];
  const streamVersions = new Map<string, number>();
  for (const command of chunk) {
    for (const item of command) {
      const valid = registry.validate(item.event.type, item.event.data);
      streams.push(item.streamId);
      versions.push(item.expectedVersion + 1);
      types.push(item.event.type);
      schemaVersions.push(valid.schemaVersion);
      payloads.push({ data: valid.data, personal: registry.personal(item.event.type) });
      metadata.push(JSON.stringify(item.metadata));
      recordedAt.push(item.recordedAt);
      streamVersions.set(item.streamId, item.expectedVersion + 1);
    }
  }
  await withTransaction(pool, async (client) => {
    await sealForAppend(client, payloads);
    const data = payloads.map((payload) => JSON.stringify(payload.data));
    await client.query(
      `insert into events (stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
       select s, v, t, sv, d, m, r
       from unnest($1::text[], $2::bigint[], $3::text[], $4::int[], $5::jsonb[], $6::jsonb[], $7::timestamptz[])
         with ordinality as e(s, v, t, sv, d, m, r, n)
       order by n`,
      [streams, versions, types, schemaVersions, data, metadata, recordedAt],
    );
    await client.query(
      `insert into streams as s (stream_id, version)
       select * from unnest($1::text[], $2::bigint[])
       on conflict (stream_id) do update set version = excluded.version`,
      [[...streamVersions.keys()], [...streamVersions.values()]],
    );
  });
}

/**
 * Appends one command the way a request does: one transaction, each stream's events through
 * EventStore.append at the version the mix expects, the projectors notified after the commit.
 * Returns the global position of the command's last event.
 */
export async function appendCommand(pool: Pool, store: EventStore, command: MixCommand): Promise<number> {
  const byStream = new Map<string, MixCommand>();
  for (const item of command) byStream.set(item.streamId, [...(byStream.get(item.streamId) ?? []), item]);
  const result = await withTransaction(pool, async (client) => {
    let last = null;
    for (const [streamId, items] of byStream) {
      // The mix gave each event its stream's next version; a stream's events go in that order.
      items.sort((a, b) => a.expectedVersion - b.expectedVersion);
      const expected = items[0]!.expectedVersion;
      last = await store.append(
        streamId,
        expected === 0 ? 'no_stream' : expected,
        items.map((item) => ({ ...item.event, metadata: item.metadata })),
        { client },
      );
    }
    return last!;
  });
  store.notifyAppended(result);
  return result.position.globalPosition;
}
