import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { createTestDatabase, unusedPort, type TestDatabase } from '@app/testing';

const WAITLISTED = 4000;
const SUBJECT = 'The free Listener membership is open';
const workerMain = path.resolve(import.meta.dirname, '../dist/main.js');

/**
 * The Listener milestone is reached with thousands on the waitlist. The built worker is killed with
 * SIGKILL while it is inviting them; a second worker finishes. Every address gets the email exactly once.
 */
describe('waitlist invitations across a worker crash', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      `insert into waitlist_entries (email_key, entry_id, email, first_name, joined_at)
       select 'listener-' || i || '@example.com', gen_random_uuid(), 'listener-' || i || '@example.com', 'Fan ' || i,
              now() - (i || ' seconds')::interval
       from generate_series(1, $1) as i`,
      [WAITLISTED],
    );
    const store = new EventStore(db.pool, createDomainEventRegistry());
    await store.append('milestone-listener-membership', 'no_stream', [
      {
        type: 'MilestoneReached',
        data: { milestone: 'listener-membership', threshold: 10_000, verifiedFans: 10_000, verifiedArtists: 10_000 },
      },
    ]);
  });
  afterAll(() => db.close());

  async function startWorker(redisUrl: string, stderr: 'inherit' | 'ignore' = 'inherit'): Promise<ChildProcess> {
    return spawn(process.execPath, [workerMain], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: `invite-${Math.random().toString(36).slice(2, 8)}`,
        WORKER_HEALTH_PORT: String(await unusedPort()),
        PROJECTION_POLL_INTERVAL_MS: '100',
        PUBLIC_URL: 'http://localhost:3000',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', stderr],
    });
  }

  const count = async (sql: string) => Number((await db.pool.query<{ n: string }>(sql)).rows[0]!.n);
  const invited = () => count('select count(*) as n from waitlist_entries where listener_invited_at is not null');

  it('invites every address exactly once, carrying on after a SIGKILL', async () => {
    // The first worker cannot reach Redis: it stages invitations, but none leave the outbox, so
    // whatever it did before the kill is visible in the database.
    const first = await startWorker(`redis://127.0.0.1:${await unusedPort()}`, 'ignore');
    const exited = new Promise((resolve) => first.once('exit', resolve));
    const deadline = Date.now() + 60_000;
    while ((await invited()) === 0) {
      if (Date.now() > deadline) throw new Error('the first worker never started inviting');
      await sleep(5);
    }
    first.kill('SIGKILL');
    await exited;

    const afterKill = await invited();
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(WAITLISTED);
    // Marked and staged in one transaction: an email waits in the outbox for each marked address.
    expect(await count('select count(*) as n from email_outbox')).toBe(afterKill);

    const second = await startWorker(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const sent = `select count(*) as n from local_inbox where subject = '${SUBJECT}'`;
      const until = Date.now() + 150_000;
      while ((await count(sent)) < WAITLISTED || (await count('select count(*) as n from email_outbox')) > 0) {
        if (Date.now() > until) throw new Error(`only ${await count(sent)} of ${WAITLISTED} emails arrived in time`);
        await sleep(250);
      }
      await sleep(2500);
      expect(await count(sent)).toBe(WAITLISTED);
      expect(await count(`select count(distinct recipient) as n from local_inbox where subject = '${SUBJECT}'`)).toBe(
        WAITLISTED,
      );
      expect(await invited()).toBe(WAITLISTED);
    } finally {
      const closed = new Promise((resolve) => second.once('close', resolve));
      second.kill('SIGTERM');
      await closed;
    }
  }, 240_000);
});
