import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { createTestDatabase, projectAll, type TestDatabase } from '@app/testing';
import { projections } from '../log-consumers.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

/** Runs the built ops CLI on the test database. */
async function ops(databaseUrl: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

/**
 * `ops replay` and `ops verify` of every projection rebuild two at a time from one survey of the
 * log: each projection is still rebuilt, compared and reported whole, and a difference is still found.
 */
describe('ops replay and verify of every projection (built CLI, real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    expect((await ops(db.url, ['migrate'])).code).toBe(0);
    const store = new EventStore(db.pool, createDomainEventRegistry());
    for (const userId of ['a', 'b', 'c']) {
      await store.append(`user-${userId}`, 'no_stream', [
        {
          type: 'AccountCreated',
          data: {
            userId,
            email: `${userId}@x.org`,
            firstName: 'F',
            lastName: 'L',
            role: 'fan',
            zipCode: '1',
            passwordHash: 'h',
          },
        },
      ]);
      await store.append(`payola-${userId}`, 'any', [
        {
          type: 'PayolaAwarded',
          data: {
            userId,
            amount: 1000,
            rule: 'r',
            action: 'Verified',
            category: 'verification',
            description: 'd',
            source: `s-${userId}`,
          },
        },
      ]);
    }
    await projectAll(db.pool, db.url, projections);
  });
  afterAll(() => db.close());

  it('verifies every projection, finds a changed live row, and a replay repairs it', async () => {
    const clean = await ops(db.url, ['verify']);
    expect(clean.code).toBe(0);
    for (const projection of projections) expect(clean.stdout).toContain(`${projection.name}: matches a full replay`);

    await db.pool.query("update payola_balances set balance = balance + 1 where user_id = 'b'");
    const differing = await ops(db.url, ['verify']);
    expect(differing.code).toBe(1);
    expect(differing.stdout).toContain(
      'payola-ledger.payola_balances: 1 row(s) only in the live table, 1 row(s) only in the rebuild',
    );
    expect(differing.stdout).toContain('identity-users: matches a full replay');

    const replay = await ops(db.url, ['replay']);
    expect(replay.code).toBe(0);
    for (const projection of projections)
      expect(replay.stdout).toMatch(new RegExp(`^${projection.name}: rebuilt from \\d+ events`, 'm'));
    const balances = await db.pool.query<{ balance: number }>(
      "select balance from payola_balances where user_id = 'b'",
    );
    expect(balances.rows).toEqual([{ balance: 1000 }]);
    expect((await ops(db.url, ['verify'])).code).toBe(0);
  });
});
