import { createTestDatabase, type TestDatabase } from '@app/testing';
import { InvalidEventError, UnknownEventTypeError } from '@app/contracts';
import { testRegistry } from '../test/fixtures.js';
import { EventStore, readAll, readHead } from './event-store.js';
import { LOG_START } from './log-position.js';
import { StreamVersionConflictError } from './errors.js';

describe('EventStore', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, testRegistry());
  });
  afterAll(() => db.close());

  it('appends to a new stream and reads it back in order with metadata', async () => {
    const result = await store.append('user-1', 'no_stream', [
      { type: 'test.Renamed', data: { name: 'Ada' }, metadata: { actingUserId: 'u1', requestId: 'r1' } },
      { type: 'test.Renamed', data: { name: 'Grace' } },
    ]);
    expect(result.streamVersion).toBe(2);
    const events = await store.readStream('user-1');
    expect(events.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
      [1, 'test.Renamed', { name: 'Ada' }],
      [2, 'test.Renamed', { name: 'Grace' }],
    ]);
    expect(events[0]!.metadata).toEqual({ actingUserId: 'u1', requestId: 'r1' });
    expect(events[0]!.schemaVersion).toBe(1);
    expect(BigInt(events[0]!.transactionId)).toBeGreaterThan(0n);
    expect(result.position.globalPosition).toBe(events[1]!.globalPosition);
  });

  it('rejects an append against a stale version with a typed conflict and writes nothing', async () => {
    await store.append('user-2', 'no_stream', [{ type: 'test.Renamed', data: { name: 'a' } }]);
    await store.append('user-2', 1, [{ type: 'test.Renamed', data: { name: 'b' } }]);

    const stale = store.append('user-2', 1, [{ type: 'test.Renamed', data: { name: 'c' } }]);
    await expect(stale).rejects.toBeInstanceOf(StreamVersionConflictError);
    await expect(stale).rejects.toMatchObject({ streamId: 'user-2', expectedVersion: 1, actualVersion: 2 });

    await expect(
      store.append('user-2', 'no_stream', [{ type: 'test.Renamed', data: { name: 'd' } }]),
    ).rejects.toMatchObject({
      actualVersion: 2,
    });
    await expect(store.append('user-2', 5, [{ type: 'test.Renamed', data: { name: 'e' } }])).rejects.toBeInstanceOf(
      StreamVersionConflictError,
    );
    expect((await store.readStream('user-2')).map((e) => e.data)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it("appends with 'any' regardless of the current version", async () => {
    await store.append('user-3', 'any', [{ type: 'test.Renamed', data: { name: 'x' } }]);
    const result = await store.append('user-3', 'any', [{ type: 'test.Renamed', data: { name: 'y' } }]);
    expect(result.streamVersion).toBe(2);
  });

  it('validates every event against its schema before writing any', async () => {
    await expect(
      store.append('user-4', 'no_stream', [
        { type: 'test.Renamed', data: { name: 'ok' } },
        { type: 'test.Renamed', data: { name: '' } },
      ]),
    ).rejects.toBeInstanceOf(InvalidEventError);
    await expect(store.append('user-4', 'no_stream', [{ type: 'test.Nope', data: {} }])).rejects.toBeInstanceOf(
      UnknownEventTypeError,
    );
    expect(await store.readStream('user-4')).toEqual([]);
    expect(await store.streamVersion('user-4')).toBe(0);
  });

  it('refuses to update, delete or truncate events (the database enforces append-only)', async () => {
    await store.append('user-5', 'no_stream', [{ type: 'test.Renamed', data: { name: 'x' } }]);
    await expect(db.pool.query("update events set data = '{}' where stream_id = 'user-5'")).rejects.toThrow(
      /append-only/,
    );
    await expect(db.pool.query("delete from events where stream_id = 'user-5'")).rejects.toThrow(/append-only/);
    await expect(db.pool.query('truncate events')).rejects.toThrow(/append-only/);
    expect(await store.readStream('user-5')).toHaveLength(1);
  });

  it('tells listeners about committed appends only', async () => {
    const seen: number[] = [];
    store.onAppended((r) => seen.push(r.streamVersion));
    await store.append('user-6', 'no_stream', [{ type: 'test.Renamed', data: { name: 'x' } }]);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await store.append('user-6', 1, [{ type: 'test.Renamed', data: { name: 'y' } }], { client });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(seen).toEqual([1]);
  });

  it('orders the log by transaction id as a number, across a change in digit count', async () => {
    const fresh = await createTestDatabase();
    try {
      // Transaction ids are set by hand: a power of ten P just below the snapshot horizon (xmin),
      // so all three are visible to readers; as text "P-1" sorts after "P" and "P+1".
      const { rows } = await fresh.pool.query<{ current: string }>(
        'select pg_snapshot_xmin(pg_current_snapshot())::text as current',
      );
      const power = 10n ** BigInt(String(BigInt(rows[0]!.current) - 2n).length - 1);
      const [before, at, after] = [power - 1n, power, power + 1n].map(String) as [string, string, string];
      for (const [tx, stream] of [
        [at, 'b'],
        [before, 'a'],
        [after, 'c'],
      ] as const) {
        await fresh.pool.query(
          `insert into events (stream_id, stream_version, type, data, transaction_id) values ($1, 1, 'test.Renamed', '{"name":"x"}', $2::xid8)`,
          [stream, tx],
        );
      }
      const all = await readAll(fresh.pool, LOG_START, { limit: 10 });
      expect(all.map((e) => e.transactionId)).toEqual([before, at, after]);
      expect((await readHead(fresh.pool)).transactionId).toBe(after);
      const afterFirst = await readAll(fresh.pool, all[0]!, { limit: 10 });
      expect(afterFirst.map((e) => e.streamId)).toEqual(['b', 'c']);
    } finally {
      await fresh.close();
    }
  });
});
