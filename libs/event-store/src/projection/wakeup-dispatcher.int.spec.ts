import { setTimeout as sleep } from 'node:timers/promises';
import { jest } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { testRegistry } from '../../test/fixtures.js';
import { EventStore } from '../event-store.js';
import { WakeupDispatcher } from './wakeup-dispatcher.js';

/** A runner as the dispatcher sees it: its consumer's types, and how often it was woken. */
function fakeRunner(name: string, eventTypes?: readonly string[]) {
  const runner = { consumer: { name, eventTypes } as never, pokes: 0, poke: () => void runner.pokes++ };
  return runner;
}

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the dispatcher');
    await sleep(5);
  }
}

describe('the wake-up dispatcher (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStore(db.pool, testRegistry());
  });
  afterAll(() => db.close());

  function setUp(options: { scanLimit?: number; sweepMs?: number } = {}) {
    const renames = fakeRunner('renames', ['test.Renamed']);
    const appends = fakeRunner('appends', ['test.Appended']);
    const everything = fakeRunner('log-stats');
    const dispatcher = new WakeupDispatcher(db.pool, [renames, appends, everything], options);
    return { renames, appends, everything, dispatcher };
  }

  it('wakes at once the runners whose types were appended, and the others by its sweep', async () => {
    const { renames, appends, everything, dispatcher } = setUp({ sweepMs: 300 });
    try {
      // The first look knows nothing of what came before: everyone.
      dispatcher.wake();
      await until(() => renames.pokes === 1 && appends.pokes === 1 && everything.pokes === 1);

      await store.append(`renamed-${Date.now()}`, 'no_stream', [{ type: 'test.Renamed', data: { name: 'a' } }]);
      dispatcher.wake();
      await until(() => renames.pokes === 2 && everything.pokes === 2);
      expect(appends.pokes).toBe(1);
      // Not concerned, but its checkpoint should pass the new event soon: the sweep wakes it.
      await until(() => appends.pokes === 2);
      expect(renames.pokes).toBe(2);
    } finally {
      await dispatcher.stop();
    }
  });

  it('wakes no one for a wake-up that brought nothing new', async () => {
    const { renames, appends, everything, dispatcher } = setUp({ sweepMs: 20 });
    try {
      dispatcher.wake();
      await until(() => everything.pokes === 1);
      await sleep(100); // the trailing look and any sweep
      const before = [renames.pokes, appends.pokes, everything.pokes];
      dispatcher.wake();
      await sleep(100);
      expect([renames.pokes, appends.pokes, everything.pokes]).toEqual(before);
    } finally {
      await dispatcher.stop();
    }
  });

  it('wakes everyone when more events came than it looks through', async () => {
    const { renames, appends, everything, dispatcher } = setUp({ scanLimit: 2, sweepMs: 10_000 });
    try {
      dispatcher.wake();
      await until(() => everything.pokes === 1);
      await sleep(100);
      const stream = `many-${Date.now()}`;
      await store.append(stream, 'no_stream', [
        { type: 'test.Renamed', data: { name: 'a' } },
        { type: 'test.Renamed', data: { name: 'b' } },
        { type: 'test.Renamed', data: { name: 'c' } },
      ]);
      dispatcher.wake();
      // Three events, a limit of two: it does not know that none is test.Appended, so that runner reads too.
      await until(() => appends.pokes === 2 && renames.pokes === 2 && everything.pokes === 2, 1000);
    } finally {
      await dispatcher.stop();
    }
  });

  it('does not see an append until its transaction commits, and wakes its runners on the wake-up after', async () => {
    const { renames, appends, dispatcher } = setUp({ sweepMs: 10_000 });
    const client = await db.pool.connect();
    try {
      dispatcher.wake();
      await until(() => renames.pokes === 1);
      await sleep(100);
      await client.query('BEGIN');
      await store.append(`open-${Date.now()}`, 'no_stream', [{ type: 'test.Renamed', data: { name: 'late' } }], {
        client,
      });
      dispatcher.wake();
      await sleep(150);
      expect(renames.pokes).toBe(1);
      await client.query('COMMIT');
      dispatcher.wake();
      await until(() => renames.pokes === 2);
      expect(appends.pokes).toBe(1);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      await dispatcher.stop();
    }
  });

  it('makes one look of wake-ups that arrive together, however many', async () => {
    const { everything, dispatcher } = setUp({ sweepMs: 10_000 });
    const query = jest.spyOn(db.pool, 'query');
    try {
      dispatcher.wake();
      await until(() => everything.pokes === 1);
      await sleep(100);
      await store.append(`burst-${Date.now()}`, 'no_stream', [{ type: 'test.Appended', data: { n: 1, writer: 'w' } }]);
      query.mockClear();
      for (let i = 0; i < 50; i++) dispatcher.wake();
      await until(() => everything.pokes === 2);
      await sleep(100);
      // The look in flight, and the one more that the wake-ups during it asked for (plus the trailing look).
      expect(query.mock.calls.length).toBeLessThanOrEqual(3);
      expect(everything.pokes).toBe(2);
    } finally {
      query.mockRestore();
      await dispatcher.stop();
    }
  });
});
