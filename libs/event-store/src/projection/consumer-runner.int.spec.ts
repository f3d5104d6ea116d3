import { jest } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { silentLogger, testRegistry } from '../../test/fixtures.js';
import { EventStore, readBatchToHead } from '../event-store.js';
import { compareLogPositions, LOG_START, type LogPosition } from '../log-position.js';
import { ConsumerRunner } from './consumer-runner.js';
import { defineProjection, tailOf, type Projection } from './log-consumer.js';
import { migrateReadModels } from './read-model-migrations.js';
import { logStatsProjection } from './log-stats.projection.js';
import { PROJECTION_BATCH_SQL } from './open-projection-transactions.js';
import { saveCheckpoint } from './checkpoints.js';
import { ProjectionWaiter } from './projection-waiter.js';
import { replayProjection, verifyProjection } from './rebuild.js';

/** Names only: counts test.Renamed events per stream, ignoring every other type. */
const renamesProjection = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
  kind: 'projection',
  name: 'renames',
  eventTypes: ['test.Renamed'],
  tables: ['renames'],
  migrations: [
    {
      version: 1,
      description: 'renames per stream',
      sql: 'create table renames (stream_id text primary key, renames int not null, last_name text not null)',
    },
  ],
  async handle(events, db) {
    for (const event of events) {
      await db.query(
        `insert into renames values ($1, 1, $2)
         on conflict (stream_id) do update set renames = renames.renames + 1, last_name = excluded.last_name`,
        [event.streamId, event.data.name],
      );
    }
  },
});

async function totals(db: TestDatabase): Promise<number> {
  const { rows } = await db.pool.query<{ total: number }>(
    'select coalesce(sum(events), 0)::bigint as total from log_stats',
  );
  return rows[0]!.total;
}

describe('projection runners', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, testRegistry());
    await migrateReadModels(db.pool, [logStatsProjection, renamesProjection]);
  });
  afterAll(() => db.close());

  function runner(projection: Projection, batchSize = 7): ConsumerRunner {
    return new ConsumerRunner(db.pool, projection, {
      databaseUrl: db.url,
      batchSize,
      pollIntervalMs: 60_000,
      logger: silentLogger,
    });
  }

  it('applies every event exactly once even when two instances race on the same projection', async () => {
    for (let i = 0; i < 20; i++) {
      await store.append(`race-${i % 4}`, 'any', [
        { type: 'test.Appended', data: { n: i, writer: 'a' } },
        { type: 'test.Renamed', data: { name: `name-${i}` } },
      ]);
    }
    const a = runner(logStatsProjection);
    const b = runner(logStatsProjection);
    await Promise.all([a.catchUp(), b.catchUp(), a.catchUp()]);
    const { rows } = await db.pool.query('select type, events from log_stats order by type');
    expect(rows).toEqual([
      { type: 'test.Appended', events: 20 },
      { type: 'test.Renamed', events: 20 },
    ]);
  });

  it('reads only its event types yet still moves its checkpoint to the head', async () => {
    const renames = runner(renamesProjection, 3);
    await renames.catchUp();
    const { rows } = await db.pool.query('select stream_id, renames, last_name from renames order by stream_id');
    expect(rows).toEqual([
      { stream_id: 'race-0', renames: 5, last_name: 'name-16' },
      { stream_id: 'race-1', renames: 5, last_name: 'name-17' },
      { stream_id: 'race-2', renames: 5, last_name: 'name-18' },
      { stream_id: 'race-3', renames: 5, last_name: 'name-19' },
    ]);
    const head = await store.head();
    const waiter = new ProjectionWaiter(db.pool);
    expect(await waiter.waitFor(head, ['renames', 'log-stats'], 100)).toBe(true);
  });

  it('lets a writer wait until its append is projected (read-your-writes), and gives up when bounded', async () => {
    const { position } = await store.append('ryw', 'no_stream', [{ type: 'test.Renamed', data: { name: 'fresh' } }]);
    const waiter = new ProjectionWaiter(db.pool);
    expect(await waiter.waitFor(position, ['renames'], 50)).toBe(false);

    const renames = runner(renamesProjection);
    await renames.start();
    renames.poke();
    try {
      expect(await waiter.waitFor(position, ['renames'], 3000)).toBe(true);
      const { rows } = await db.pool.query("select last_name from renames where stream_id = 'ryw'");
      expect(rows).toEqual([{ last_name: 'fresh' }]);
    } finally {
      await renames.stop();
    }
  });

  it('only one running instance owns a projection; a standby takes over when the owner stops', async () => {
    const first = new ConsumerRunner(db.pool, logStatsProjection, {
      databaseUrl: db.url,
      batchSize: 10,
      pollIntervalMs: 60_000,
      logger: silentLogger,
      ownershipRetryMs: 50,
    });
    const second = new ConsumerRunner(db.pool, logStatsProjection, {
      databaseUrl: db.url,
      batchSize: 10,
      pollIntervalMs: 60_000,
      logger: silentLogger,
      ownershipRetryMs: 50,
    });
    await first.start();
    await second.start();
    expect([first.owned, second.owned]).toEqual([true, false]);
    await first.stop();
    for (let i = 0; i < 100 && !second.owned; i++) await new Promise((r) => setTimeout(r, 20));
    expect(second.owned).toBe(true);
    await second.stop();
  });

  it('does not keep ownership it wins after being stopped mid-contention', async () => {
    const options = { databaseUrl: db.url, batchSize: 10, pollIntervalMs: 60_000, logger: silentLogger };
    const stopped = new ConsumerRunner(db.pool, logStatsProjection, options);
    const starting = stopped.start();
    await stopped.stop();
    await starting;
    expect(stopped.owned).toBe(false);
    const next = new ConsumerRunner(db.pool, logStatsProjection, options);
    await next.start();
    expect(next.owned).toBe(true);
    await next.stop();
  });

  it("a consumer's pass that has not written yet does not hide newer events from the others", async () => {
    // Readers see an event once every older transaction id has ended; a pass must not hold one while it
    // reads and folds (the checkpoint's lock is advisory), or one slow projector delays every other.
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const slow = defineProjection<{ type: 'test.Appended'; data: { n: number } }>({
      kind: 'projection',
      name: 'slow-reader',
      eventTypes: ['test.Appended'],
      tables: [],
      migrations: [],
      async handle() {
        entered();
        await holding;
      },
    });
    await store.append('slow-1', 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: 's' } }]);
    const slowPass = runner(slow).catchUp();
    await inHandler;
    try {
      await store.append('slow-2', 'no_stream', [{ type: 'test.Renamed', data: { name: 'seen-while-slow' } }]);
      const renames = runner(renamesProjection);
      await renames.catchUp();
      const { rows } = await db.pool.query("select last_name from renames where stream_id = 'slow-2'");
      expect(rows).toEqual([{ last_name: 'seen-while-slow' }]);
    } finally {
      release();
      await slowPass;
    }
  });

  it('a running instance carries on after a replay swapped its tables and moved its checkpoint', async () => {
    const live = runner(logStatsProjection, 5);
    await live.catchUp();
    const before = await totals(db);
    await store.append('before-replay', 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: 'r' } }]);
    // The replay applies that event and moves the checkpoint past it, behind the live runner's back.
    await replayProjection(db.pool, logStatsProjection, { batchSize: 4 });
    expect(await totals(db)).toBe(before + 1);
    await store.append('after-replay-2', 'no_stream', [{ type: 'test.Appended', data: { n: 2, writer: 'r' } }]);
    await live.catchUp();
    expect(await totals(db)).toBe(before + 2);
    expect(await verifyProjection(db.pool, logStatsProjection, { batchSize: 4 })).toEqual([]);
  });

  describe("the head's horizon", () => {
    const appendSql = (streamId: string) =>
      `select * from append_events('${streamId}', -1, '[{"type":"test.Renamed","data":{"name":"x"}}]'::jsonb)`;
    const headPassing = async (passOver: string[]): Promise<LogPosition> =>
      (await readBatchToHead(db.pool, LOG_START, { limit: 1, passOver })).head;
    /** The head passes `position` once the other suites' older transactions have ended (bounded). */
    async function passes(position: LogPosition, passOver: string[]): Promise<boolean> {
      for (let i = 0; i < 200; i++) {
        if (compareLogPositions(await headPassing(passOver), position) >= 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    }

    it('passes over an open projection batch the reader names, and an append inside such a batch fails', async () => {
      const batch = await db.pool.connect();
      try {
        await batch.query(`BEGIN; ${PROJECTION_BATCH_SQL}`);
        const { rows } = await batch.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
        const xid = rows[0]!.xid;
        const { position } = await store.append('horizon-after-batch', 'no_stream', [
          { type: 'test.Renamed', data: { name: 'after the batch began' } },
        ]);
        // The batch's xid is older than the append's: a reader that does not know it waits for it.
        expect(compareLogPositions(await headPassing([]), position)).toBeLessThan(0);
        expect(await passes(position, [xid])).toBe(true);

        await expect(batch.query(appendSql('appended-by-a-projection'))).rejects.toThrow(
          'a projection appended events; projections only derive from the log',
        );
      } finally {
        await batch.query('ROLLBACK');
        batch.release();
      }
      expect(await store.streamVersion('appended-by-a-projection')).toBe(0);
    });

    it('still waits for an open append, whatever the reader passes over', async () => {
      const appending = await db.pool.connect();
      try {
        await appending.query('BEGIN');
        await appending.query(appendSql('horizon-open-append'));
        const { position } = await store.append('horizon-after-append', 'no_stream', [
          { type: 'test.Renamed', data: { name: 'after the open append' } },
        ]);
        // Passing over an unrelated id changes nothing: the open append could still commit before it.
        expect(compareLogPositions(await headPassing(['1']), position)).toBeLessThan(0);
        await appending.query('COMMIT');
        expect(await passes(position, [])).toBe(true);
      } finally {
        appending.release();
      }
    });

    it('a projection whose handler appends fails its batch and keeps its checkpoint', async () => {
      const appender = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
        kind: 'projection',
        name: 'appends-by-mistake',
        eventTypes: ['test.Renamed'],
        tables: [],
        migrations: [],
        async handle(_events, client) {
          await client.query(appendSql('appended-by-a-handler'));
        },
      });
      await expect(runner(appender).catchUp()).rejects.toThrow('a projection appended events');
      expect(await store.streamVersion('appended-by-a-handler')).toBe(0);
      const { rows } = await db.pool.query(
        "select events_processed from projection_checkpoints where name = 'appends-by-mistake'",
      );
      expect(rows).toEqual([{ events_processed: 0 }]);
    });
  });

  it('a batch that finds its checkpoint moved under the lock handles nothing and reads it again', async () => {
    const handled: string[] = [];
    const counting = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
      kind: 'projection',
      name: 'counts-names',
      eventTypes: ['test.Renamed'],
      tables: [],
      migrations: [],
      handle(events) {
        handled.push(...events.map((event) => event.data.name));
        return Promise.resolve();
      },
    });
    const live = runner(counting, 100);
    await live.catchUp();
    handled.length = 0;
    const { position } = await store.append('moved-elsewhere', 'no_stream', [
      { type: 'test.Renamed', data: { name: 'taken by another instance' } },
    ]);
    // Another instance (or a replay) handled it and moved the checkpoint past it, behind this one's back.
    await saveCheckpoint(db.pool, 'counts-names', position, 1);
    let step = { moved: false, handled: 0, atHead: true };
    for (let i = 0; i < 100 && !step.moved; i++) {
      step = await live.processBatch();
      if (!step.moved) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(step).toEqual({ moved: true, handled: 0, atHead: false });
    await live.catchUp();
    expect(handled).toEqual([]);
    const { rows } = await db.pool.query<{ events_processed: number }>(
      "select events_processed from projection_checkpoints where name = 'counts-names'",
    );
    expect(rows[0]?.events_processed).toBeGreaterThanOrEqual(1);
  });

  it("a batch commits behind its handler's last writes, and with none of its rows when one of them fails", async () => {
    let failTail = true;
    const tailed = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
      kind: 'projection',
      name: 'tailed-names',
      eventTypes: ['test.Renamed'],
      tables: ['tailed_names'],
      migrations: [
        {
          version: 1,
          description: 'names',
          sql: 'create table tailed_names (name text primary key, kind text not null)',
        },
      ],
      async handle(events, db) {
        // The earlier tests' renames pass through untouched.
        const mine = events.filter((event) => event.streamId === 'tailed');
        for (const event of mine)
          await db.query("insert into tailed_names values ($1, 'awaited') on conflict do nothing", [event.data.name]);
        if (mine.length === 0) return;
        // Left in flight: the runner's COMMIT follows them. The failing one breaks the kind's NOT NULL.
        return tailOf([
          db.query("insert into tailed_names values ($1, 'tail')", [`${mine.at(-1)!.data.name} (tail)`]),
          ...(failTail ? [db.query('insert into tailed_names values ($1, null)', ['broken'])] : []),
        ]);
      },
    });
    await migrateReadModels(db.pool, [tailed]);
    const live = runner(tailed, 100);
    await live.catchUp();
    await store.append('tailed', 'no_stream', [{ type: 'test.Renamed', data: { name: 'first' } }]);
    const checkpoint = () =>
      db.pool
        .query<{ events_processed: number }>(
          "select events_processed from projection_checkpoints where name = 'tailed-names'",
        )
        .then(({ rows }) => rows[0]?.events_processed);
    const before = await checkpoint();

    // The tail's own error, not the "transaction is aborted" of the statements behind it.
    await expect(live.processBatch()).rejects.toMatchObject({ code: '23502', column: 'kind' });
    expect((await db.pool.query('select name from tailed_names')).rows).toEqual([]);
    expect(await checkpoint()).toBe(before);

    failTail = false;
    await live.catchUp();
    const { rows } = await db.pool.query('select name, kind from tailed_names order by name');
    expect(rows).toEqual([
      { name: 'first', kind: 'awaited' },
      { name: 'first (tail)', kind: 'tail' },
    ]);
    expect(await checkpoint()).toBe((before ?? 0) + 1);
  });

  it('a pass that ends at the head it read stops there, without a second read of the log', async () => {
    // The runner's reads of the log: readBatchToHead's statement through the pool.
    const query = jest.spyOn(db.pool, 'query');
    const reads = () =>
      query.mock.calls.filter(([statement]) => (statement as { text?: string }).text?.includes('head as (')).length;
    const once = runner(renamesProjection, 100);
    try {
      await once.catchUp();
      await store.append('read-once', 'no_stream', [{ type: 'test.Renamed', data: { name: 'read-once' } }]);
      // The append may become visible a little later when other suites hold transactions (the horizon).
      let handled = 0;
      let readsOfThePass = 0;
      for (let i = 0; i < 100 && handled === 0; i++) {
        const before = reads();
        handled = await once.catchUp();
        readsOfThePass = reads() - before;
        if (handled === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(handled).toBe(1);
      expect(readsOfThePass).toBe(1);
    } finally {
      query.mockRestore();
    }
  });

  it('a wake-up gets one pass and one late look, then the runner reads nothing until the next one', async () => {
    const query = jest.spyOn(db.pool, 'query');
    const reads = () =>
      query.mock.calls.filter(([statement]) => (statement as { text?: string }).text?.includes('head as (')).length;
    const idle = runner(renamesProjection, 100);
    await idle.start();
    try {
      await idle.catchUp();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const before = reads();
      idle.poke();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The pass, and the late look 50 ms after the wake-up (which asks for no late look of its own).
      expect(reads() - before).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reads() - before).toBe(2);
    } finally {
      query.mockRestore();
      await idle.stop();
    }
  });

  it('spaces its passes: wake-ups within the interval become one batch', async () => {
    const batches: { at: number; size: number }[] = [];
    const counting = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
      kind: 'projection',
      name: 'spaced',
      eventTypes: ['test.Renamed'],
      tables: [],
      migrations: [],
      handle(events) {
        // Only this test's events: earlier tests' appends can become visible late (the server-wide
        // visibility horizon waits for transactions of other databases when other suites run).
        const own = events.filter((event) => event.data.name.startsWith('spaced-'));
        if (own.length > 0) batches.push({ at: performance.now(), size: own.length });
        return Promise.resolve();
      },
    });
    const spaced = new ConsumerRunner(db.pool, counting, {
      databaseUrl: db.url,
      batchSize: 100,
      pollIntervalMs: 60_000,
      // Long enough that five appends fit in one interval on a machine busy with other suites.
      minPassIntervalMs: 1500,
      logger: silentLogger,
    });
    await spaced.start();
    await spaced.catchUp();
    batches.length = 0;
    try {
      // Five appends, each followed by its wake-up, as the api sends them.
      for (let i = 0; i < 5; i++) {
        await store.append(`spaced-${i}`, 'no_stream', [{ type: 'test.Renamed', data: { name: `spaced-${i}` } }]);
        spaced.poke();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (let i = 0; i < 400 && batches.reduce((n, b) => n + b.size, 0) < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(batches.reduce((n, b) => n + b.size, 0)).toBe(5);
      expect(batches.length).toBeLessThanOrEqual(2);
      for (let i = 1; i < batches.length; i++) expect(batches[i]!.at - batches[i - 1]!.at).toBeGreaterThan(1400);
    } finally {
      await spaced.stop();
    }
  });

  it('a replay builds without the secondary indexes and swaps the tables in with every one of them', async () => {
    const indexed = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
      ...renamesProjection,
      name: 'indexed-renames',
      tables: ['indexed_renames'],
      rebuildDefersIndexesOf: ['indexed_renames'],
      migrations: [
        {
          version: 1,
          description: 'renames per stream, found by name',
          sql: `create table indexed_renames (stream_id text primary key, last_name text not null);
                create index indexed_renames_name on indexed_renames (last_name) where last_name <> '';`,
        },
      ],
      async handle(events, db) {
        for (const event of events) {
          await db.query(
            `insert into indexed_renames values ($1, $2) on conflict (stream_id) do update set last_name = excluded.last_name`,
            [event.streamId, event.data.name],
          );
        }
      },
    });
    await migrateReadModels(db.pool, [indexed]);
    const indexes = () =>
      db.pool
        .query<{ indexdef: string }>(
          "select indexdef from pg_indexes where schemaname = 'public' and tablename = 'indexed_renames' order by 1",
        )
        .then(({ rows }) => rows.map((row) => row.indexdef));
    const before = await indexes();
    expect(before).toHaveLength(2);
    await replayProjection(db.pool, indexed, { batchSize: 4 });
    expect(await indexes()).toEqual(before);
    expect(await verifyProjection(db.pool, indexed, { batchSize: 4 })).toEqual([]);
  });

  it('a replay whose projection fails while the next batch is being read rejects and drops its scratch tables', async () => {
    for (let i = 0; i < 3; i++) {
      await store.append(`failing-${i}`, 'no_stream', [{ type: 'test.Renamed', data: { name: `f${i}` } }]);
    }
    const failing = defineProjection<{ type: 'test.Renamed'; data: { name: string } }>({
      ...renamesProjection,
      name: 'failing-renames',
      handle: () => Promise.reject(new Error('the projection failed')),
    });
    // One event a batch: the second is being read when the first one's write fails.
    await expect(replayProjection(db.pool, failing, { batchSize: 1 })).rejects.toThrow('the projection failed');
    const { rows } = await db.pool.query(
      "select count(*)::int as n from information_schema.schemata where schema_name like 'replay_failing%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('verify finds a tampered read model, replay rebuilds it, and verify then finds nothing', async () => {
    await runner(logStatsProjection).catchUp();
    const before = await totals(db);
    expect(await verifyProjection(db.pool, logStatsProjection, { batchSize: 4 })).toEqual([]);

    await db.pool.query("update log_stats set events = events + 5 where type = 'test.Appended'");
    const differences = await verifyProjection(db.pool, logStatsProjection, { batchSize: 4 });
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ table: 'log_stats', onlyLive: 1, onlyRebuilt: 1 });

    const progress: number[] = [];
    const result = await replayProjection(db.pool, logStatsProjection, {
      batchSize: 4,
      onProgress: (handled) => progress.push(handled),
      // This log is small: rebuild unlogged anyway, to cover making the tables logged before the swap.
      unloggedFromEvents: 0,
    });
    expect(result.events).toBe(before);
    expect(progress.length).toBeGreaterThan(1);
    expect(await totals(db)).toBe(before);
    expect(await verifyProjection(db.pool, logStatsProjection, { batchSize: 4 })).toEqual([]);

    // After the swap the live projector carries on from where the replay stopped.
    await store.append('after-replay', 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: 'z' } }]);
    await runner(logStatsProjection).catchUp();
    expect(await totals(db)).toBe(before + 1);
    const { rows } = await db.pool.query(
      "select count(*)::int as n from information_schema.schemata where schema_name like 'replay_%' or schema_name like 'verify_%'",
    );
    expect(rows[0].n).toBe(0);
    // Rebuilt without the write-ahead log, swapped in with it: the live table survives a crash.
    const persistence = () =>
      db.pool.query<{ relpersistence: string }>(
        "select relpersistence from pg_class where oid = 'public.log_stats'::regclass",
      );
    expect((await persistence()).rows[0]!.relpersistence).toBe('p');

    // A small replay (UNLOGGED_REPLAY_MIN_EVENTS) writes logged tables from the start: the same rows.
    await db.pool.query("update log_stats set events = events + 5 where type = 'test.Appended'");
    const small = await replayProjection(db.pool, logStatsProjection, { batchSize: 4 });
    expect(small.events).toBe(before + 1);
    expect(await totals(db)).toBe(before + 1);
    expect(await verifyProjection(db.pool, logStatsProjection, { batchSize: 4 })).toEqual([]);
    expect((await persistence()).rows[0]!.relpersistence).toBe('p');
  });
});
