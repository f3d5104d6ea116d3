import { z } from 'zod';
import { defineEvent, EventRegistry } from '@app/contracts';
import { defineProjection, migrateReadModels } from '@app/event-store';
import type { Pool } from '@app/platform';

export const BENCH_TICK = 'bench.Tick' as const;

export const benchTick = defineEvent(BENCH_TICK, z.object({ i: z.number().int().nonnegative(), payload: z.string() }));

export type BenchTickData = z.infer<typeof benchTick.schema>;

/** The bench's only event type; real command appends validate against a registry the same way. */
export function benchRegistry(): EventRegistry {
  return new EventRegistry([benchTick]);
}

/** ~100 bytes of payload per event, the same in the appended, bulk-filled and baseline rows. */
export const PAYLOAD = 'p'.repeat(100);

export const BENCH_PROJECTION_NAME = 'bench-rows';
export const BENCH_TABLE = 'bench_rows';

/** Events handed to the bench projector so far (including batches that later rolled back); for progress lines. */
export const projectedCounter = { value: 0 };

/**
 * Writes one row per event with a single multi-row insert per batch. `projected_at` reads the clock,
 * which a real projection must not do (a rebuild would give different rows); the bench needs it to
 * measure lag.
 */
export const benchProjection = defineProjection<{ type: typeof BENCH_TICK; data: BenchTickData }>({
  kind: 'projection',
  name: BENCH_PROJECTION_NAME,
  eventTypes: [BENCH_TICK],
  tables: [BENCH_TABLE],
  migrations: [
    {
      version: 1,
      description: 'one row per bench event',
      sql: `create table ${BENCH_TABLE} (
              global_position bigint primary key,
              stream_id text not null,
              i int not null,
              recorded_at timestamptz not null,
              projected_at timestamptz not null default clock_timestamp()
            )`,
    },
  ],
  async handle(events, db) {
    const positions: number[] = [];
    const streams: string[] = [];
    const numbers: number[] = [];
    const recordedAt: Date[] = [];
    for (const event of events) {
      positions.push(event.globalPosition);
      streams.push(event.streamId);
      numbers.push(event.data.i);
      recordedAt.push(event.recordedAt);
    }
    await db.query(
      `insert into ${BENCH_TABLE} (global_position, stream_id, i, recorded_at)
       select * from unnest($1::bigint[], $2::text[], $3::int[], $4::timestamptz[])`,
      [positions, streams, numbers, recordedAt],
    );
    projectedCounter.value += events.length;
  },
});

/**
 * Brings the bench table up to date through the read-model migration runner, as the worker does for
 * its projections: each phase calls it, and a table an earlier phase created (or a replay swapped in)
 * is left as it is. Applying the migrations bare in every phase failed every phase after the first
 * with 'relation "bench_rows" already exists' once the table's definition became a versioned migration.
 */
export async function migrateBenchTable(pool: Pool): Promise<void> {
  await migrateReadModels(pool, [benchProjection]);
}
