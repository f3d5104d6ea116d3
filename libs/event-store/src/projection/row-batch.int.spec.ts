import { createTestDatabase, type TestDatabase } from '@app/testing';
import { defineRowTable, insertRows, RowBatch } from './row-batch.js';

interface Item {
  id: string;
  label: string | null;
  tags: string[] | null;
  settings: Record<string, unknown>;
  seen_at: string | Date | null;
  size: number | null;
  flag: boolean;
}

const ITEMS = defineRowTable<Item>({
  name: 'kit_items',
  key: 'id',
  columns: ['id', 'label', 'tags', 'settings', 'seen_at', 'size', 'flag'],
});

interface Pair {
  kind: string;
  ref: string;
  n: number;
  note: string | null;
}

const PAIRS = defineRowTable<Pair>({
  name: 'kit_pairs',
  key: ['kind', 'ref', 'n'],
  columns: ['kind', 'ref', 'n', 'note'],
});

const item = (id: string, change: Partial<Item> = {}): Item => ({
  id,
  label: null,
  tags: null,
  settings: {},
  seen_at: null,
  size: null,
  flag: false,
  ...change,
});

describe('row batch kit (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(`create table kit_items (
      id text primary key, label text, tags text[], settings jsonb not null default '{}',
      seen_at timestamptz, size bigint, flag boolean not null default false)`);
    await db.pool.query('create table kit_log (id text primary key, note text not null, position bigint not null)');
    await db.pool.query(
      'create table kit_pairs (kind text not null, ref text not null, n integer not null, note text, primary key (kind, ref, n))',
    );
  });
  afterAll(() => db.close());
  beforeEach(() => db.pool.query('truncate kit_items, kit_log, kit_pairs'));

  const rows = (table: string) =>
    db.pool.query(`select *, seen_at::text as seen_text from ${table} order by id`).then((r) => r.rows);

  it('writes inserts and changes in one statement, keeping every stored value as it was', async () => {
    await db.pool.query(
      `insert into kit_items values ('a', 'A', '{x,"y z"}', '{"p": true}', '2026-01-02 03:04:05.123456+00', 7, true)`,
    );
    const batch = await RowBatch.load(db.pool, ITEMS, ['a', 'b', 'a']);
    expect(batch.get('b')).toBeUndefined();
    expect(batch.update('a', (row) => (row.settings = { ...row.settings, q: false }))).toBe(true);
    expect(batch.update('b', (row) => (row.label = 'never'))).toBe(false);
    expect(batch.insertIfMissing(item('b', { label: 'B', seen_at: new Date('2026-05-06T07:08:09.010Z') }))).toBe(true);
    expect(batch.insertIfMissing(item('a', { label: 'lost' }))).toBe(false);
    expect(await batch.write(db.pool)).toBe(2);
    expect(await batch.write(db.pool)).toBe(0);

    expect(await rows('kit_items')).toEqual([
      {
        id: 'a',
        label: 'A',
        tags: ['x', 'y z'],
        settings: { p: true, q: false },
        seen_at: new Date('2026-01-02T03:04:05.123Z'),
        // The microseconds survived the load and the write.
        seen_text: '2026-01-02 03:04:05.123456+00',
        size: 7,
        flag: true,
      },
      {
        id: 'b',
        label: 'B',
        tags: null,
        settings: {},
        seen_at: new Date('2026-05-06T07:08:09.010Z'),
        seen_text: '2026-05-06 07:08:09.01+00',
        size: null,
        flag: false,
      },
    ]);
  });

  it('sees the changes it made when the same key comes again in the batch', async () => {
    const batch = await RowBatch.load(db.pool, ITEMS, ['c']);
    batch.insertIfMissing(item('c', { size: 1 }));
    batch.update('c', (row) => (row.size = (row.size ?? 0) + 1));
    batch.update('c', (row) => (row.size = (row.size ?? 0) + 1));
    await batch.write(db.pool);
    const again = await RowBatch.load(db.pool, ITEMS, ['c']);
    expect(again.get('c')?.size).toBe(3);
  });

  it('loads, changes and writes rows of a composite key, matched on all its columns', async () => {
    await db.pool.query(
      `insert into kit_pairs values ('a', 'x', 1, 'stored'), ('a', 'y', 1, 'other'), ('b', 'x', 1, 'b')`,
    );
    // ('a', 'y', 1) and ('b', 'x', 1) differ from a key asked for in one column only: not loaded.
    const batch = await RowBatch.load(db.pool, PAIRS, [
      ['a', 'x', 1],
      ['a', 'y', 2],
      ['a', 'x', 1],
    ]);
    expect(batch.get(['a', 'x', 1])?.note).toBe('stored');
    expect(batch.get(['a', 'y', 1])).toBeUndefined();
    expect(batch.get(['b', 'x', 1])).toBeUndefined();
    expect(batch.insertIfMissing({ kind: 'a', ref: 'x', n: 1, note: 'lost' })).toBe(false);
    expect(batch.insertIfMissing({ kind: 'a', ref: 'y', n: 2, note: 'new' })).toBe(true);
    expect(batch.update(['a', 'x', 1], (row) => (row.note = 'changed'))).toBe(true);
    expect(batch.update(['a', 'x', 2], (row) => (row.note = 'never'))).toBe(false);
    expect(batch.update(['a', 'y', 2], (row) => (row.note = `${row.note} again`))).toBe(true);
    expect(() => batch.get('a')).toThrow('kit_pairs: a key is an array of kind, ref, n');
    expect(await batch.write(db.pool)).toBe(2);

    expect(await db.pool.query('select * from kit_pairs order by kind, ref, n').then((r) => r.rows)).toEqual([
      { kind: 'a', ref: 'x', n: 1, note: 'changed' },
      { kind: 'a', ref: 'y', n: 1, note: 'other' },
      { kind: 'a', ref: 'y', n: 2, note: 'new again' },
      { kind: 'b', ref: 'x', n: 1, note: 'b' },
    ]);
    expect(() => defineRowTable<Pair>({ ...PAIRS, key: ['kind', 'ref', 'n'], keyType: 'text' })).toThrow(
      'kit_pairs: keyType is for a one-column key',
    );
  });

  it('appends rows; with ifMissing the first row of a key wins and a stored one stays', async () => {
    await insertRows(db.pool, 'kit_log', [{ id: 'm1', note: 'stored', position: 1 }]);
    await insertRows(
      db.pool,
      'kit_log',
      [
        { id: 'm1', note: 'replayed', position: 5 },
        { id: 'm2', note: 'first', position: 6 },
        { id: 'm2', note: 'second', position: 7 },
      ],
      { ifMissing: { key: 'id' } },
    );
    expect(await db.pool.query('select * from kit_log order by id').then((r) => r.rows)).toEqual([
      { id: 'm1', note: 'stored', position: 1 },
      { id: 'm2', note: 'first', position: 6 },
    ]);
    // Without ifMissing a duplicate is an error, as a plain insert is.
    await expect(insertRows(db.pool, 'kit_log', [{ id: 'm1', note: 'again', position: 9 }])).rejects.toThrow(
      /duplicate key/,
    );
  });

  it('refuses a new row without every column, and a declaration that misses a column of the table', async () => {
    const batch = await RowBatch.load(db.pool, ITEMS, ['d']);
    const partial = { id: 'd', label: 'no defaults' } as unknown as Item;
    expect(() => batch.insertIfMissing(partial)).toThrow(
      'kit_items: a new row needs every column (tags, settings, seen_at, size, flag)',
    );

    await db.pool.query("insert into kit_items (id) values ('e')");
    const stale = defineRowTable<Item>({ ...ITEMS, columns: ['id', 'label', 'tags', 'settings', 'seen_at', 'flag'] });
    await expect(RowBatch.load(db.pool, stale, ['e'])).rejects.toThrow(
      "kit_items: declared columns differ from the table's (undeclared: size; not in the table: none)",
    );
  });
});
