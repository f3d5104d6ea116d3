import { createTestDatabase, type TestDatabase } from '@app/testing';
import { testRegistry } from '../../test/fixtures.js';
import { EventStore } from '../event-store.js';
import { defineProjection, type Projection } from './log-consumer.js';
import { migrateReadModel } from './read-model-migrations.js';
import { replayProjection, verifyProjection } from './rebuild.js';

type Renamed = { type: 'test.Renamed'; data: { name: string } };

function namesProjection(migrations: Projection['migrations']) {
  return defineProjection<Renamed>({
    kind: 'projection',
    name: 'migrated-names',
    eventTypes: ['test.Renamed'],
    tables: ['migrated_names'],
    migrations,
    async handle(events, db) {
      for (const event of events) {
        await db.query('insert into migrated_names (name) values ($1)', [event.data.name]);
      }
    },
  });
}

const V1 = { version: 1, description: 'names', sql: 'create table migrated_names (name text not null)' };
const V2 = {
  version: 2,
  description: 'name length',
  sql: 'alter table migrated_names add column length int generated always as (length(name)) stored',
};

describe('read-model migrations (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const columns = async (schema = 'public') =>
    (
      await db.pool.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = 'migrated_names'
         order by ordinal_position`,
        [schema],
      )
    ).rows.map((r) => r.column_name);

  it('applies each version once, even when several processes start at the same moment', async () => {
    const applied = await Promise.all(
      Array.from({ length: 4 }, () => migrateReadModel(db.pool, namesProjection([V1]))),
    );
    expect(applied.flat()).toEqual([1]);
    expect(await columns()).toEqual(['name']);
  });

  it('upgrades live tables with the new version only, recording what it applied', async () => {
    await db.pool.query("insert into migrated_names values ('kept')");
    expect(await migrateReadModel(db.pool, namesProjection([V1, V2]))).toEqual([2]);
    expect(await columns()).toEqual(['name', 'length']);
    const { rows } = await db.pool.query(
      "select name, description from schema_migrations where source = 'read-model:migrated-names' order by name",
    );
    expect(rows).toEqual([
      { name: '1', description: 'names' },
      { name: '2', description: 'name length' },
    ]);
    expect((await db.pool.query('select name, length from migrated_names')).rows).toEqual([
      { name: 'kept', length: 4 },
    ]);
  });

  it('refuses a list with a gap, so a mis-numbered migration never runs', async () => {
    await expect(migrateReadModel(db.pool, namesProjection([V2]))).rejects.toThrow(/version 2/);
  });

  it('replay and verify build their scratch tables from the same migrations as the live ones', async () => {
    const projection = namesProjection([V1, V2]);
    const store = new EventStore(db.pool, testRegistry());
    await db.pool.query('truncate migrated_names');
    await store.append('names-1', 'no_stream', [{ type: 'test.Renamed', data: { name: 'Björk' } }]);
    await replayProjection(db.pool, projection, { batchSize: 10 });
    expect(await columns()).toEqual(['name', 'length']);
    expect((await db.pool.query('select name, length from migrated_names')).rows).toEqual([
      { name: 'Björk', length: 5 },
    ]);
    expect(await verifyProjection(db.pool, projection, { batchSize: 10 })).toEqual([]);
  });
});
