import { z } from 'zod';
import { defineEvent, EventRegistry } from '@app/contracts';
import { withTransaction } from '@app/platform';
import { createTestDatabase, raceTransactions, type TestDatabase } from '@app/testing';
import { EventStore, readAll } from './event-store.js';
import { LOG_START } from './log-position.js';
import { destroyPersonalDataKeys, isSealed, sealExistingPersonalData, subjectId } from './personal-data-crypto.js';

const Joined = defineEvent(
  'test.Joined',
  z.object({ userId: z.string(), name: z.string(), phone: z.string().nullable().optional(), points: z.number() }),
  1,
  { subject: (data) => data.userId, redacted: { name: 'Deleted member', phone: null } },
);
const Counted = defineEvent('test.Counted', z.object({ userId: z.string(), n: z.number() }));

describe('Personal data in the log (crypto-shredding)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, new EventRegistry([Joined, Counted]));
  });
  afterAll(() => db.close());

  async function raw(streamId: string): Promise<string[]> {
    const { rows } = await db.pool.query<{ data: string }>(
      'select data::text as data from events where stream_id = $1 order by stream_version',
      [streamId],
    );
    return rows.map((row) => row.data);
  }

  it('stores personal fields only sealed, and every reader gets them back while the key exists', async () => {
    await store.append('m-ada', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'ada', name: 'Ada Lovelace', phone: '+1 555 0100', points: 3 } },
      { type: 'test.Counted', data: { userId: 'ada', n: 1 } },
    ]);
    const stored = await raw('m-ada');
    expect(stored[0]).not.toContain('Ada Lovelace');
    expect(stored[0]).not.toContain('555');
    expect(JSON.parse(stored[0]!)).toMatchObject({ userId: 'ada', name: 'Deleted member', phone: null, points: 3 });
    expect(JSON.parse(stored[0]!).$pii.s).toBe(subjectId('ada'));
    expect(isSealed(JSON.parse(stored[1]!))).toBe(false);

    const expected = { userId: 'ada', name: 'Ada Lovelace', phone: '+1 555 0100', points: 3 };
    expect((await store.readStream('m-ada'))[0]!.data).toEqual(expected);
    expect((await store.readStreams(['m-ada']))[0]!.data).toEqual(expected);
    const all = await readAll(db.pool, LOG_START, { limit: 100, types: ['test.Joined'] });
    expect(all.find((event) => event.streamId === 'm-ada')!.data).toEqual(expected);
  });

  it('leaves a field the event does not carry out of the box (an optional one, undefined)', async () => {
    await store.append('m-bo', 'no_stream', [{ type: 'test.Joined', data: { userId: 'bo', name: 'Bo', points: 1 } }]);
    expect((await store.readStream('m-bo'))[0]!.data).toEqual({ userId: 'bo', name: 'Bo', points: 1 });
  });

  it('after the key is destroyed, reads give the redacted values; later appends for the subject stay unreadable', async () => {
    await store.append('m-cy', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'cy', name: 'Cy Twombly', phone: '+1 555 0199', points: 7 } },
    ]);
    await store.append('m-dee', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'dee', name: 'Dee Dee', phone: null, points: 2 } },
    ]);
    await withTransaction(db.pool, (tx) => destroyPersonalDataKeys(tx, { erased: ['cy'] }));

    const redacted = { userId: 'cy', name: 'Deleted member', phone: null, points: 7 };
    expect((await store.readStream('m-cy'))[0]!.data).toEqual(redacted);
    // A batch with both: the other member's data still opens.
    const batch = await store.readStreams(['m-cy', 'm-dee']);
    expect(batch.map((event) => event.data)).toEqual([
      redacted,
      { userId: 'dee', name: 'Dee Dee', phone: null, points: 2 },
    ]);
    const { rows } = await db.pool.query('select data_key from personal_data_keys where subject = $1', [
      subjectId('cy'),
    ]);
    expect(rows).toEqual([{ data_key: null }]);

    // A write that raced the erasure and lost: only the redacted values are stored, no new key is made.
    await store.append('m-cy', 1, [{ type: 'test.Joined', data: { userId: 'cy', name: 'Cy again', points: 8 } }]);
    expect((await raw('m-cy'))[1]).not.toContain('Cy again');
    expect((await store.readStream('m-cy'))[1]!.data).toEqual({ userId: 'cy', name: 'Deleted member', points: 8 });
  });

  it('a forgotten subject loses its row: a later append starts a new key', async () => {
    await store.append('w-1', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'email:x@y', name: 'X', points: 0 } },
    ]);
    await destroyPersonalDataKeys(db.pool, { forgotten: ['email:x@y'] });
    expect((await store.readStream('w-1'))[0]!.data).toMatchObject({ name: 'Deleted member' });
    await store.append('w-2', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'email:x@y', name: 'X2', points: 0 } },
    ]);
    expect((await store.readStream('w-2'))[0]!.data).toMatchObject({ name: 'X2' });
  });

  it('first appends for one subject racing each other share one key, and every one of them opens', async () => {
    const results = await raceTransactions(db.pool, 8, (tx, i) =>
      store.append(
        `race-${i}`,
        'no_stream',
        [{ type: 'test.Joined', data: { userId: 'racer', name: `Racer ${i}`, points: i } }],
        { client: tx },
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(8);
    const { rows } = await db.pool.query('select count(*)::int as n from personal_data_keys where subject = $1', [
      subjectId('racer'),
    ]);
    expect(rows[0].n).toBe(1);
    for (let i = 0; i < 8; i++) {
      expect((await store.readStream(`race-${i}`))[0]!.data).toMatchObject({ name: `Racer ${i}` });
    }
  });

  it('a tampered box is refused, not read as something else', async () => {
    await store.append('m-eve', 'no_stream', [
      { type: 'test.Joined', data: { userId: 'eve', name: 'Eve', points: 1 } },
    ]);
    const other = JSON.parse((await raw('m-ada'))[0]!);
    // Ada's box under Eve's subject id: the tag check (the subject is authenticated data) fails.
    const { rows } = await db.pool.query<{ data: Record<string, unknown> }>(
      "select jsonb_set(data, '{$pii,d}', to_jsonb($1::text)) as data from events where stream_id = 'm-eve'",
      [other.$pii.d],
    );
    const { openRows } = await import('./personal-data-crypto.js');
    await expect(openRows(db.pool, rows)).rejects.toThrow();
  });

  it("seals the personal fields of a log written before crypto-shredding once, keeping every reader's view", async () => {
    // As the api appended before: the plain payload straight into the log.
    const old = [
      { type: 'test.Joined', data: { userId: 'old', name: 'Olga Old', phone: '+1 555 0777', points: 4 } },
      { type: 'test.Counted', data: { userId: 'old', n: 2 } },
    ];
    await db.pool.query("select * from append_events('m-old', 0, $1)", [JSON.stringify(old)]);
    expect((await raw('m-old'))[0]).toContain('Olga Old');
    const before = await store.readStream('m-old');

    const registry = new EventRegistry([Joined, Counted]);
    expect(await sealExistingPersonalData(db.pool, registry, { batchSize: 2 })).toBeGreaterThanOrEqual(1);
    expect((await raw('m-old'))[0]).not.toContain('Olga');
    expect((await raw('m-old'))[0]).not.toContain('0777');
    const after = await store.readStream('m-old');
    expect(after.map((event) => [event.globalPosition, event.type, event.data, event.recordedAt])).toEqual(
      before.map((event) => [event.globalPosition, event.type, event.data, event.recordedAt]),
    );
    expect(await sealExistingPersonalData(db.pool, registry)).toBe(0);
    // The log is append-only again.
    await expect(db.pool.query("update events set data = '{}' where stream_id = 'm-old'")).rejects.toThrow(
      /append-only/,
    );
  });
});
