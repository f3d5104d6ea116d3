import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase, unusedPort } from '@app/testing';
import { adminQuery, freePort, startEmbeddedPostgres } from '../../../deploy/local/services.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(repoRoot, 'worker/dist/ops/cli.js');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built ops CLI as `npm run ops` does, with DATABASE_URL unset unless `env` sets it. */
async function ops(args: string[], env: Record<string, string>): Promise<CliRun> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, ...args], {
      cwd: repoRoot,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * `npm run ops` after `npm start` finds the launcher's embedded PostgreSQL by itself. A real server
 * started by the launcher's own code stands where the embedded one would be (EMBEDDED_POSTGRES_PORT
 * points there).
 */
describe('ops CLI: which database it works on', () => {
  let server: { url: string; stop(): Promise<void> } | undefined;
  let port: number;
  let db: TestDatabase;

  beforeAll(async () => {
    port = await freePort();
    const dataDir = path.join(repoRoot, '.data', `ops-embedded-pg-${process.pid}-${Date.now()}`);
    server = await startEmbeddedPostgres({ dataDir, port, persistent: false });
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await db.close();
  });

  it('says so when the embedded server answers without the product database', async () => {
    const run = await ops(['status'], { EMBEDDED_POSTGRES_PORT: String(port) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the embedded PostgreSQL on 127.0.0.1:${port} answers but has no "payola" database`);
    expect(run.stderr).toContain('npm start');
  });

  it('uses the embedded server of "npm start" when DATABASE_URL is unset', async () => {
    await adminQuery(server!.url, 'create database payola');
    const env = { EMBEDDED_POSTGRES_PORT: String(port) };

    const migrate = await ops(['migrate'], env);
    expect(migrate).toMatchObject({ code: 0 });
    expect(migrate.stdout).toContain('Applied migrations: platform 0001-event-store');

    const status = await ops(['status'], env);
    expect(status.stderr).toContain(
      `Database: the embedded PostgreSQL of "npm start" (127.0.0.1:${port}, database payola)`,
    );
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Event log: 0 events');
    expect(status.stdout).toMatch(/^consumer\s+kind\s+position/m);
  });

  it('prefers DATABASE_URL when it is set', async () => {
    const run = await ops(['status'], { DATABASE_URL: db.url, EMBEDDED_POSTGRES_PORT: String(await unusedPort()) });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Database: DATABASE_URL (${new URL(db.url).host}${new URL(db.url).pathname})`);
    expect(run.stdout).toContain('Event log: 0 events');
  });

  it('stops with what to do when neither is there', async () => {
    await server!.stop();
    server = undefined;
    for (const command of ['status', 'replay', 'verify']) {
      const run = await ops([command], { EMBEDDED_POSTGRES_PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `No database to operate on: DATABASE_URL is not set and the embedded PostgreSQL of "npm start" does not answer on 127.0.0.1:${port}`,
      );
      expect(run.stderr).toContain('Start the product first ("npm start"');
      expect(run.stderr).toContain('or set DATABASE_URL');
      expect(run.stderr).not.toContain('    at '); // a message, not a stack trace
    }
  });
});
