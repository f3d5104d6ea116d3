import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { EventRegistry, defineEvent } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { z } from 'zod';

const TOTAL = 30_000;
const workerMain = path.resolve(import.meta.dirname, '../dist/main.js');

/**
 * The built worker is killed with SIGKILL in the middle of projecting. After a restart the read
 * model must hold every event exactly once: nothing lost, nothing applied twice.
 */
describe('worker crash while projecting', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    const store = new EventStore(db.pool, new EventRegistry([defineEvent('crash.Tick', z.object({ i: z.number() }))]));
    for (let batch = 0; batch < TOTAL / 1000; batch++) {
      const events = Array.from({ length: 1000 }, (_, i) => ({ type: 'crash.Tick', data: { i: batch * 1000 + i } }));
      await store.append(`ticks-${batch}`, 'no_stream', events);
    }
  });
  afterAll(() => db.close());

  function startWorker(logLevel = 'warn'): ChildProcess {
    return spawn(process.execPath, [workerMain], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        WORKER_HEALTH_PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        PROJECTION_BATCH_SIZE: '100',
        PROJECTION_POLL_INTERVAL_MS: '100',
        LOG_LEVEL: logLevel,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  }

  async function state(): Promise<{ projected: number; processed: number }> {
    const { rows } = await db.pool
      .query<{ projected: number; processed: number }>(
        `select (select coalesce(sum(events), 0) from log_stats)::bigint as projected,
              (select coalesce(max(events_processed), 0) from projection_checkpoints where name = 'log-stats')::bigint as processed`,
      )
      .catch(() => ({ rows: [{ projected: 0, processed: 0 }] }));
    return rows[0]!;
  }

  async function waitFor(predicate: (s: { projected: number; processed: number }) => boolean, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      const s = await state();
      if (predicate(s)) return s;
      if (Date.now() > deadline) throw new Error(`timed out; last state ${JSON.stringify(s)}`);
      await sleep(5);
    }
  }

  it('loses nothing and applies nothing twice across a SIGKILL and restart', async () => {
    const first = startWorker();
    const exited = new Promise((resolve) => first.once('exit', resolve));
    await waitFor((s) => s.projected >= 1000, 30_000);
    first.kill('SIGKILL');
    await exited;

    const afterKill = await state();
    expect(afterKill.projected).toBeLessThan(TOTAL);
    // Rows and checkpoint commit together, so they agree even after a kill mid-batch.
    expect(afterKill.projected).toBe(afterKill.processed);

    const second = startWorker('info');
    let output = '';
    second.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const done = await waitFor((s) => s.processed >= TOTAL, 60_000);
      await sleep(300);
      expect(await state()).toEqual({ projected: TOTAL, processed: TOTAL });
      expect(done.projected).toBe(TOTAL);
    } finally {
      const exit = new Promise((resolve) => second.once('close', (code, signal) => resolve({ code, signal })));
      second.kill('SIGTERM');
      // A graceful stop: the batch in flight finishes, the supervisor reports it stopped, and Nest
      // re-raises SIGTERM once everything is closed.
      expect(await exit).toEqual({ code: null, signal: 'SIGTERM' });
      expect(output).toContain('projection supervisor stopped');
    }
  });
});
