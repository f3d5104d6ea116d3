import { createReadModelTables, settle, type EventEnvelope, type Projection, type StoredEvent } from '@app/event-store';
import { withTransaction, type Pool } from '@app/platform';

/** An event as a test lists it: its type, data and stream (distributes over a union of events). */
export type ListedEvent<E extends EventEnvelope> = E extends EventEnvelope ? E & { streamId: string } : never;

/**
 * Stored events for a projection test, handed straight to `handle` (no log needed): positions,
 * stream versions and recorded times as the log would give them, in the order listed.
 */
export function storedEvents<E extends EventEnvelope>(
  events: readonly ListedEvent<E>[],
  start = new Date('2026-03-01T12:00:00.000Z'),
): StoredEvent<E>[] {
  const versions = new Map<string, number>();
  return events.map((event, index) => {
    const streamVersion = (versions.get(event.streamId) ?? 0) + 1;
    versions.set(event.streamId, streamVersion);
    return {
      ...event,
      globalPosition: index + 1,
      transactionId: String(1000 + index),
      streamVersion,
      schemaVersion: 1,
      metadata: {},
      recordedAt: new Date(start.getTime() + index * 1001),
    } as unknown as StoredEvent<E>;
  });
}

/** A small seeded generator, so a failing sequence is the same on the next run. */
export function seededRandom(seed: number): { int(max: number): number; pick<T>(items: readonly T[]): T } {
  let state = seed >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (max) => Math.floor(next() * max),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

let scratchCount = 0;

/**
 * Projects `events` into fresh tables of a scratch schema, `batchSize` events per transaction as the
 * runner would, and returns every table's rows as PostgreSQL prints them (row_to_json: each column's
 * text form, so timestamps to the microsecond), sorted. `eachBatchTwice` hands every batch over twice. Two projections that give equal results
 * wrote the same rows, byte for byte, as `ops verify` compares them.
 */
export async function projectedRows<E extends EventEnvelope>(
  pool: Pool,
  projection: Projection<E>,
  events: readonly StoredEvent<E>[],
  batchSize: number,
  options: { eachBatchTwice?: boolean } = {},
): Promise<Record<string, string[]>> {
  scratchCount += 1;
  const schema = `equivalence_${scratchCount}_${Date.now()}`;
  const onSchema = `set local search_path to ${schema}, public`;
  await withTransaction(pool, async (client) => {
    await client.query(`create schema ${schema}`);
    await client.query(onSchema);
    await createReadModelTables(client, projection as unknown as Projection);
  });
  try {
    for (let start = 0; start < events.length; start += batchSize) {
      await withTransaction(pool, async (client) => {
        await client.query(onSchema);
        const batch = events.slice(start, start + batchSize);
        await settle(await projection.handle(batch, client));
        // A batch delivered again (what at-least-once delivery would do): idempotent folds shrug it off.
        if (options.eachBatchTwice) await settle(await projection.handle(batch, client));
      });
    }
    const tables: Record<string, string[]> = {};
    for (const table of projection.tables) {
      const { rows } = await pool.query<{ row: string }>(
        `select row_to_json(t)::text as row from ${schema}.${table} t order by 1`,
      );
      tables[table] = rows.map((r) => r.row);
    }
    return tables;
  } finally {
    await pool.query(`drop schema ${schema} cascade`);
  }
}

/**
 * A projection's rows and its per-event reference's rows for each batch size, both projected with every
 * batch handed over twice (at-least-once delivery): what an equivalence test of the idempotent rules
 * compares, `expect(pair.actual).toEqual(pair.expected)` for each.
 */
export async function rowsDeliveredTwice<E extends EventEnvelope>(
  pool: Pool,
  projection: Projection<E>,
  reference: Projection<E>,
  events: readonly StoredEvent<E>[],
  batchSizes: readonly number[] = [1, 7, 1000],
): Promise<{ batchSize: number; actual: Record<string, string[]>; expected: Record<string, string[]> }[]> {
  const pairs = [];
  for (const batchSize of batchSizes) {
    const expected = await projectedRows(pool, reference, events, batchSize, { eachBatchTwice: true });
    const actual = await projectedRows(pool, projection, events, batchSize, { eachBatchTwice: true });
    pairs.push({ batchSize, actual, expected });
  }
  return pairs;
}
