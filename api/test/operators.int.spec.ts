import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { createDomainEventRegistry } from '@app/contracts';
import { EventStore } from '@app/event-store';
import { usersProjection } from '@app/modules/identity';
import { membershipStatusProjection } from '@app/modules/membership';
import {
  changeOperator,
  dailyActivityProjection,
  operatorStreamId,
  SECOND_FACTOR_FAILURES,
} from '@app/modules/operators';
import { milestoneProgressProjection } from '@app/modules/outreach';
import { startApi, type ApiHarness, type Client } from './api-harness.js';
import { signUpMember } from './members.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Each CLI run starts a Node process that loads every module: seconds apiece when the machine is busy. */
const CLI_TEST_TIMEOUT_MS = 240_000;
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

/** `npm run ops -- operator ...` as an operator of the platform runs it (the built CLI). */
async function ops(api: ApiHarness, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, 'operator', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: api.db.url, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * N sessions raced one code: exactly one passed. Each loser counts as a wrong code, so once the operator's
 * wrong-code limit is reached the later losers are refused with 429 instead of 400 (which depends on the
 * order the requests reach the limiter): the first `points` losers always get 400.
 */
function expectOneWinner(statuses: number[]): void {
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status !== 200 && status !== 400 && status !== 429)).toEqual([]);
  expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(
    Math.min(SECOND_FACTOR_FAILURES.points, statuses.length - 1),
  );
}

describe('operators: granted by the ops CLI, a TOTP second factor per session, /api/ops 404 for everyone else', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi([
      usersProjection,
      membershipStatusProjection,
      milestoneProgressProjection,
      dailyActivityProjection,
    ]);
  });
  afterAll(() => api.close());

  async function signUp(): Promise<{ client: Client; email: string; userId: string }> {
    const client = api.client();
    const email = `ops-${randomUUID()}@example.com`;
    const { body } = await client.post('/api/create-account', {
      email,
      password: 'correct horse 1',
      firstName: 'Opal',
      lastName: 'Erator',
      role: 'fan',
      zipCode: '10001',
    });
    return { client, email, userId: body.userId };
  }

  function grant(email: string) {
    return changeOperator(
      api.db.pool,
      new EventStore(api.db.pool, createDomainEventRegistry()),
      'grant',
      email,
      'test',
    );
  }

  async function signIn(email: string): Promise<Client> {
    const client = api.client();
    expect((await client.post('/api/login', { email, password: 'correct horse 1' })).status).toBe(200);
    return client;
  }

  /** An operator with an authenticator: the secret (as their app holds it) and their recovery codes. */
  async function enrolledOperator(): Promise<{
    client: Client;
    email: string;
    userId: string;
    secret: string;
    recoveryCodes: string[];
  }> {
    const account = await signUp();
    // In process (the CLI's own function): the CLI itself is under test above, and each run costs seconds.
    await grant(account.email);
    const setup = await account.client.post('/api/ops/second-factor/setup');
    expect(setup.status).toBe(200);
    const confirmed = await account.client.post('/api/ops/second-factor/confirm', {
      code: await generate({ secret: setup.body.secret }),
    });
    expect(confirmed.status).toBe(200);
    return { ...account, secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  it(
    'grants and revokes through the CLI with clear messages, and records both as events',
    async () => {
      const { email, userId } = await signUp();
      const granted = await ops(api, 'grant', email, 'runs', 'support');
      expect(granted).toMatchObject({
        code: 0,
        stdout: expect.stringContaining(`${email} (user ${userId}) is now an operator`),
      });
      const again = await ops(api, 'grant', email.toUpperCase());
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('is already an operator; nothing changed.');
      const unknown = await ops(api, 'grant', 'nobody@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No account signs in with nobody@example.com; nothing changed.');
      expect((await ops(api, 'grant')).code).toBe(2);

      expect((await ops(api, 'revoke', email)).stdout).toContain('is no longer an operator');
      expect((await ops(api, 'revoke', email)).stderr).toContain('is not an operator; nothing changed.');

      const events = await new EventStore(api.db.pool, createDomainEventRegistry()).readStream(
        operatorStreamId(userId),
      );
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['OperatorGranted', { userId, via: 'cli', reason: 'runs support' }],
        ['OperatorRevoked', { userId, via: 'cli', reason: 'revoke from the ops command' }],
      ]);
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'answers 404 to signed-out visitors, members and revoked operators, exactly as an unknown route',
    async () => {
      const unknownRoute = await api.client().get('/api/no-such-route');
      const { client: member } = await signUp();
      const operator = await enrolledOperator();
      expect((await operator.client.get('/api/ops/dashboard')).status).toBe(200);
      await ops(api, 'revoke', operator.email);

      for (const client of [api.client(), member, operator.client]) {
        for (const route of ['/api/ops/session', '/api/ops/dashboard']) {
          const answer = await client.get(route);
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({
            ...unknownRoute.body,
            message: `Cannot GET ${route}`,
            error: expect.anything(),
          });
        }
        // The guard runs before the body is read: a malformed body is not a hint either.
        expect((await client.post('/api/ops/second-factor/verify', { nonsense: true })).status).toBe(404);
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it('enrols with a code computed from the secret, shows recovery codes once, and keeps no secret on the log', async () => {
    const { client, email, userId } = await signUp();
    await grant(email);
    expect((await client.get('/api/ops/session')).body).toEqual({ secondFactor: 'enrol' });
    // Before the second factor, the console's data stays closed to the operator too.
    expect((await client.get('/api/ops/dashboard')).status).toBe(403);

    const setup = await client.post('/api/ops/second-factor/setup');
    expect(setup.body).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\/Payola%20Ops:.*secret=/),
      qrCodeSvg: expect.stringContaining('<svg'),
    });
    expect((await client.post('/api/ops/second-factor/confirm', { code: '000000' })).status).toBe(400);
    const confirmed = await client.post('/api/ops/second-factor/confirm', {
      code: await generate({ secret: setup.body.secret }),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await client.get('/api/ops/session')).body).toEqual({ secondFactor: 'passed' });
    // Shown once: a second set-up or confirm is refused.
    expect((await client.post('/api/ops/second-factor/setup')).status).toBe(409);

    const log = await api.db.pool.query<{ text: string }>('select data::text || metadata::text as text from events');
    const everything = log.rows.map((row) => row.text).join('\n');
    expect(everything).not.toContain(setup.body.secret);
    for (const code of confirmed.body.recoveryCodes) expect(everything).not.toContain(code);
    const stored = await api.db.pool.query('select code_hash from operator_recovery_codes where user_id = $1', [
      userId,
    ]);
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(confirmed.body.recoveryCodes[0]);
  });

  it('asks each new session for the second factor, and refuses a code used once already', async () => {
    const operator = await enrolledOperator();
    const session = await signIn(operator.email);
    expect((await session.get('/api/ops/session')).body).toEqual({ secondFactor: 'verify' });
    expect((await session.get('/api/ops/dashboard')).status).toBe(403);
    // The confirm's code: its time step is spent, so the same code cannot open this session.
    const { rows } = await api.db.pool.query<{ step: string }>(
      'select last_time_step as step from operator_second_factors where user_id = $1',
      [operator.userId],
    );
    const spentStep = Number(rows[0]!.step);
    const codeAt = (step: number) => generate({ secret: operator.secret, epoch: step * 30 });
    expect((await session.post('/api/ops/second-factor/verify', { code: await codeAt(spentStep) })).status).toBe(400);
    // The next step's code (the clock tolerance accepts one step ahead) passes, once.
    const next = await codeAt(spentStep + 1);
    expect((await session.post('/api/ops/second-factor/verify', { code: next })).body).toEqual({
      method: 'code',
      recoveryCodesLeft: 10,
    });
    expect((await session.get('/api/ops/dashboard')).status).toBe(200);
    const third = await signIn(operator.email);
    expect((await third.post('/api/ops/second-factor/verify', { code: next })).status).toBe(400);
  });

  it('accepts a code from the app once, even when N sessions race to use it', async () => {
    const operator = await enrolledOperator();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => signIn(operator.email)));
    const { rows } = await api.db.pool.query<{ step: string }>(
      'select last_time_step as step from operator_second_factors where user_id = $1',
      [operator.userId],
    );
    // The step after the enrolment's (the clock tolerance accepts one ahead): valid, and not yet spent.
    const code = await generate({ secret: operator.secret, epoch: (Number(rows[0]!.step) + 1) * 30 });
    const answers = await Promise.all(sessions.map((s) => s.post('/api/ops/second-factor/verify', { code })));
    expectOneWinner(answers.map((a) => a.status));
    const passed = await new EventStore(api.db.pool, createDomainEventRegistry()).readStream(
      operatorStreamId(operator.userId),
    );
    expect(passed.filter((event) => event.type === 'OperatorSecondFactorPassed').map((e) => e.data)).toEqual([
      { userId: operator.userId, method: 'code', recoveryCodesLeft: 10 },
    ]);
  });

  it('spends a recovery code once, even when N sessions race to use it', async () => {
    const operator = await enrolledOperator();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => signIn(operator.email)));
    const code = operator.recoveryCodes[0]!.toUpperCase();
    const answers = await Promise.all(
      sessions.map((s) => s.post('/api/ops/second-factor/verify', { recoveryCode: code })),
    );
    expectOneWinner(answers.map((a) => a.status));
    expect(answers.find((a) => a.status === 200)?.body).toEqual({ method: 'recovery-code', recoveryCodesLeft: 9 });
    const passed = await new EventStore(api.db.pool, createDomainEventRegistry()).readStream(
      operatorStreamId(operator.userId),
    );
    expect(passed.filter((event) => event.type === 'OperatorSecondFactorPassed').map((e) => e.data)).toEqual([
      { userId: operator.userId, method: 'recovery-code', recoveryCodesLeft: 9 },
    ]);
    // Refused later too: 400, or by now 429, as the seven losers counted as wrong codes.
    const later = await signIn(operator.email);
    expect([400, 429]).toContain((await later.post('/api/ops/second-factor/verify', { recoveryCode: code })).status);
  });

  it('rate-limits wrong codes per operator with 429 and Retry-After', async () => {
    const operator = await enrolledOperator();
    const session = await signIn(operator.email);
    for (let i = 0; i < SECOND_FACTOR_FAILURES.points; i++) {
      expect((await session.post('/api/ops/second-factor/verify', { code: '000000' })).status).toBe(400);
    }
    const limited = await session.post('/api/ops/second-factor/verify', {
      code: await generate({ secret: operator.secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shows milestone counters, activity per day, consumer lag and queue depths', async () => {
    await signUpMember(api);
    const operator = await enrolledOperator();
    let dashboard = (await operator.client.get('/api/ops/dashboard')).body;
    // The projections catch up and the dashboard's 2 s cache expires: seconds under a loaded test run.
    const deadline = Date.now() + 30_000;
    while ((dashboard.days.at(-1).payments < 1 || dashboard.milestones.verifiedFans < 1) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      dashboard = (await operator.client.get('/api/ops/dashboard')).body;
    }
    expect(dashboard.milestones).toEqual({
      verifiedFans: 1,
      verifiedArtists: 0,
      target: 10_000,
      targets: { verifiedFans: 10_000, verifiedArtists: 10_000 },
    });
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      signUps: expect.any(Number),
      payments: 1,
      identityChecks: 1,
    });
    expect(dashboard.days.at(-1).signUps).toBeGreaterThanOrEqual(2);
    expect(dashboard.consumers.map((c: { name: string }) => c.name)).toContain('operators-daily-activity');
    expect(dashboard.queues.map((q: { name: string }) => q.name)).toEqual([
      'projections',
      'email',
      'payola-schedule',
      'media-schedule',
    ]);
    expect(dashboard.queues[0]).toEqual({
      name: 'projections',
      waiting: expect.any(Number),
      active: expect.any(Number),
      delayed: expect.any(Number),
      failed: expect.any(Number),
    });
  });
});
