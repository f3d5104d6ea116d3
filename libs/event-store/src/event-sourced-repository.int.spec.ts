import { createTestDatabase, type TestDatabase } from '@app/testing';
import { silentLogger, testRegistry } from '../test/fixtures.js';
import { StreamVersionConflictError } from './errors.js';
import { EventSourcedRepository, type Fold } from './event-sourced-repository.js';
import { EventStore } from './event-store.js';
import { ConsumerRunner } from './projection/consumer-runner.js';
import { defineProjection } from './projection/log-consumer.js';
import { ProjectionWaiter } from './projection/projection-waiter.js';
import { migrateReadModels } from './projection/read-model-migrations.js';

type Renamed = { type: 'test.Renamed'; data: { name: string } };

/** Counts renames; ignores test.Appended, which shares the stream but is not this fold's event. */
const renames: Fold<{ names: string[] }, Renamed> = {
  eventTypes: ['test.Renamed'],
  initialState: () => ({ names: [] }),
  evolve: (state, event) => ({ names: [...state.names, event.data.name] }),
};

class NameTakenError extends Error {}

describe('EventSourcedRepository (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;
  let repository: EventSourcedRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, testRegistry());
    repository = new EventSourcedRepository(db.pool, store, new ProjectionWaiter(db.pool));
    await db.pool.query('create table name_reservations (name text primary key)');
  });
  afterAll(() => db.close());

  it('folds only its own event types but appends at the version of the whole stream', async () => {
    await store.append('s-1', 'no_stream', [
      { type: 'test.Renamed', data: { name: 'a' } },
      { type: 'test.Appended', data: { n: 1, writer: 'other module' } },
    ]);
    const loaded = await repository.load('s-1', renames);
    expect(loaded).toEqual({ state: { names: ['a'] }, version: 2 });

    const { result, appended } = await repository.execute('s-1', renames, (state) => ({
      events: [{ type: 'test.Renamed', data: { name: `${state.names.length + 1}` } }],
      result: state.names.length,
    }));
    expect(result).toBe(1);
    expect(appended?.streamVersion).toBe(3);
  });

  it('decides again on the new state when 20 concurrent commands race on one stream: none is lost', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        repository.execute(
          's-race',
          renames,
          (state) => ({ events: [{ type: 'test.Renamed', data: { name: `n${i}` } }], result: state.names.length }),
          { maxAttempts: 50 },
        ),
      ),
    );
    const { state, version } = await repository.load('s-race', renames);
    expect(version).toBe(20);
    expect(new Set(state.names).size).toBe(20);
  });

  it('gives up with the conflict after maxAttempts', async () => {
    await store.append('s-stubborn', 'no_stream', [{ type: 'test.Renamed', data: { name: 'x' } }]);
    let attempts = 0;
    const command = repository.execute(
      's-stubborn',
      renames,
      async () => {
        attempts += 1;
        // Someone else appends between our read and our append, every time.
        await store.append('s-stubborn', 'any', [{ type: 'test.Renamed', data: { name: `other${attempts}` } }]);
        return { events: [{ type: 'test.Renamed', data: { name: 'mine' } }], result: null };
      },
      { maxAttempts: 3 },
    );
    await expect(command).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect(attempts).toBe(3);
  });

  it("commits a decision's reservation row with its events, and neither when the decision refuses", async () => {
    const reserve = (name: string) => (_state: unknown, tx: Parameters<Parameters<typeof repository.execute>[2]>[1]) =>
      tx.query('insert into name_reservations values ($1) on conflict do nothing', [name]).then((inserted) => {
        if (inserted.rowCount === 0) throw new NameTakenError(name);
        return { events: [{ type: 'test.Renamed' as const, data: { name } }], result: name };
      });
    await repository.execute('s-reserve-1', renames, reserve('unique'));
    await expect(repository.execute('s-reserve-2', renames, reserve('unique'))).rejects.toBeInstanceOf(NameTakenError);
    expect(await store.streamVersion('s-reserve-2')).toBe(0);

    // A refusal after the reservation rolls the reservation back too.
    const refused = repository.execute('s-reserve-3', renames, async (state, tx) => {
      await tx.query("insert into name_reservations values ('half-written')");
      throw new NameTakenError(String(state.names.length));
    });
    await expect(refused).rejects.toBeInstanceOf(NameTakenError);
    const { rows } = await db.pool.query("select 1 from name_reservations where name = 'half-written'");
    expect(rows).toHaveLength(0);
  });

  it('appends nothing when the decision has no events', async () => {
    const executed = await repository.execute('s-empty', renames, () => ({ events: [], result: 'nothing to do' }));
    expect(executed).toEqual({ result: 'nothing to do', appended: null });
    expect(await store.streamVersion('s-empty')).toBe(0);
  });

  it('wakes the projectors and, when asked, returns only once the named projector shows the change', async () => {
    const names = defineProjection<Renamed>({
      kind: 'projection',
      name: 'repository-names',
      eventTypes: ['test.Renamed'],
      tables: ['repository_names'],
      migrations: [{ version: 1, description: 'names', sql: 'create table repository_names (name text primary key)' }],
      async handle(events, tx) {
        for (const event of events) await tx.query('insert into repository_names values ($1)', [event.data.name]);
      },
    });
    await migrateReadModels(db.pool, [names]);
    const runner = new ConsumerRunner(db.pool, names, {
      databaseUrl: db.url,
      batchSize: 100,
      // No polling to speak of: only the append's wake-up moves the projector.
      pollIntervalMs: 60_000,
      logger: silentLogger,
    });
    await runner.start();
    store.onAppended(() => runner.poke());
    try {
      await repository.execute(
        's-wait',
        renames,
        () => ({ events: [{ type: 'test.Renamed', data: { name: 'seen at once' } }], result: null }),
        { waitFor: ['repository-names'], waitTimeoutMs: 5000 },
      );
      const { rows } = await db.pool.query("select 1 from repository_names where name = 'seen at once'");
      expect(rows).toHaveLength(1);
    } finally {
      await runner.stop();
    }
  });
});
