import { createTestDatabase, waitForFinalLog, type TestDatabase } from '@app/testing';
import { testRegistry } from '../../test/fixtures.js';
import { EventStore } from '../event-store.js';
import { defineProjection } from './log-consumer.js';
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
});
