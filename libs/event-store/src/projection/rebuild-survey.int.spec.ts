import { createTestDatabase, waitForFinalLog, type TestDatabase } from '@app/testing';
import { testRegistry } from '../../test/fixtures.js';
import { EventStore } from '../event-store.js';
import { defineProjection } from './log-consumer.js';
import { migrateReadModels } from './read-model-migrations.js';
import { replayProjection, surveyLog, verifyProjection } from './rebuild.js';

type Renamed = { type: 'test.Renamed'; data: { name: string } };

const names = defineProjection<Renamed>({
  kind: 'projection',
  name: 'survey-names',
  eventTypes: ['test.Renamed'],
  tables: ['survey_names'],
  migrations: [{ version: 1, description: 'names', sql: 'create table survey_names (name text not null)' }],
  async handle(events, db) {
    await db.query('insert into survey_names select unnest($1::text[])', [events.map((event) => event.data.name)]);
  },
});

/** Three tables, two of them with an index a rebuild defers: what readyTables readies, two at a time. */
const spread = defineProjection<Renamed>({
  kind: 'projection',
  name: 'survey-spread',
  eventTypes: ['test.Renamed'],
  tables: ['spread_names', 'spread_letters', 'spread_totals'],
  rebuildDefersIndexesOf: ['spread_names', 'spread_letters'],
  migrations: [
    {
      version: 1,
      description: 'names, their first letters, a total',
      sql: `create table spread_names (name text primary key, length integer not null);
            create index spread_names_length on spread_names (length);
            create table spread_letters (letter text not null, name text not null, primary key (letter, name));
            create index spread_letters_name on spread_letters (name);
            create table spread_totals (id integer primary key, names integer not null);`,
    },
  ],
  async handle(events, db) {
    const names = events.map((event) => event.data.name);
    await db.query('insert into spread_names select n, length(n) from unnest($1::text[]) as n on conflict do nothing', [
      names,
    ]);
    await db.query(
      'insert into spread_letters select left(n, 1), n from unnest($1::text[]) as n on conflict do nothing',
      [names],
    );
    await db.query(
      `insert into spread_totals values (1, $1) on conflict (id) do update set names = spread_totals.names + $1`,
      [names.length],
    );
  },
});

describe('rebuilds from one survey of the log (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    const store = new EventStore(db.pool, testRegistry());
    await store.append('names-1', 'no_stream', [
      { type: 'test.Renamed', data: { name: 'a' } },
      { type: 'test.Renamed', data: { name: 'b' } },
      { type: 'test.Appended', data: { n: 1, writer: 'w' } },
    ]);
    await store.append('names-2', 'no_stream', [{ type: 'test.Renamed', data: { name: 'c' } }]);
    await waitForFinalLog(db.pool);
  });
  afterAll(() => db.close());

  it('counts the log by type once; a rebuild given the survey reports its own events as the total', async () => {
    const survey = await surveyLog(db.pool);
    expect(survey.events).toBe(4);
    expect(Object.fromEntries(survey.eventsByType)).toEqual({ 'test.Renamed': 3, 'test.Appended': 1 });

    const totals: number[] = [];
    const result = await replayProjection(db.pool, names, {
      batchSize: 2,
      survey,
      onProgress: (_handled, total) => totals.push(total),
    });
    expect(result.events).toBe(3);
    expect(totals).toEqual([3, 3]);
    expect((await db.pool.query('select name from survey_names order by name')).rows).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(await verifyProjection(db.pool, names, { batchSize: 2, survey })).toEqual([]);
  });

  it('leaves the tables it swaps in with planner statistics, so live statements are not planned on guesses', async () => {
    await replayProjection(db.pool, names, { batchSize: 2 });
    const { rows } = await db.pool.query<{ analyzed: boolean; estimated_rows: number }>(
      `select s.last_analyze is not null as analyzed, c.reltuples::float8 as estimated_rows
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid
       where s.schemaname = 'public' and s.relname = 'survey_names'`,
    );
    expect(rows).toEqual([{ analyzed: true, estimated_rows: 3 }]);
  });

  it('readies every table it swaps in: logged, with the indexes it deferred, analyzed', async () => {
    await migrateReadModels(db.pool, [spread]);
    const state = async () => {
      const { rows } = await db.pool.query<{ table: string; logged: boolean; analyzed: boolean; indexes: string[] }>(
        `select c.relname as table, c.relpersistence = 'p' as logged, s.last_analyze is not null as analyzed,
           array(select indexdef from pg_indexes i where i.schemaname = 'public' and i.tablename = c.relname order by 1)
             as indexes
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid
         where s.schemaname = 'public' and c.relname like 'spread_%' order by 1`,
      );
      return rows;
    };
    const before = await state();
    expect(before.map((row) => row.indexes.length)).toEqual([2, 2, 1]);

    // Unlogged while they fill, whatever the log's size: each table is made logged again before the swap.
    await replayProjection(db.pool, spread, { batchSize: 2, unloggedFromEvents: 0 });
    expect(await state()).toEqual(
      before.map(({ table, indexes }) => ({ table, logged: true, analyzed: true, indexes })),
    );
    expect((await db.pool.query('select names from spread_totals')).rows).toEqual([{ names: 3 }]);
    expect(await verifyProjection(db.pool, spread, { batchSize: 2 })).toEqual([]);
  });
});
