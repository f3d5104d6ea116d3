import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify, stripVTControlCharacters } from 'node:util';
import { createTestDatabase, unusedPort, type TestDatabase } from '@app/testing';
import { TEST_SESSION_SECRET } from './api-harness.js';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The launcher's children running now, by what they run. */
async function childrenOf(pid: number): Promise<{ pid: number; args: string }[]> {
  const { stdout } = await execFileAsync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)]).catch(() => ({
    stdout: '',
  }));
  return stdout
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(.*)$/))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), args: match[2]! }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` (deploy/local/start.mjs, without its build step) on a database, Redis and object storage of
 * the test run's: it says how long the api took to answer, starts an api that was killed again after a
 * pause and says so, and stops everything, exit code 0, on SIGTERM.
 */
describe('the npm start launcher', () => {
  let db: TestDatabase;
  let launcher: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    if (launcher && launcher.exitCode === null) launcher.kill('SIGKILL');
    await db.close();
  });

  const waitForLine = async (pattern: RegExp, ms = 60_000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + ms;
    for (;;) {
      for (const line of output) {
        const match = line.match(pattern);
        if (match) return match;
      }
      if (Date.now() > deadline) throw new Error(`no line ${pattern} in:\n${output.join('\n')}`);
      await sleep(100);
    }
  };

  it('restarts a killed api with a pause, reports its ready time, and stops everything on SIGTERM', async () => {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    launcher = spawn(process.execPath, [path.join(root, 'deploy/local/start.mjs'), '--no-build'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        PORT: String(port),
        WORKER_HEALTH_PORT: String(await unusedPort()),
        PUBLIC_URL: baseUrl,
        QUEUE_PREFIX: `launcher-${randomUUID()}`,
        SESSION_SECRET: TEST_SESSION_SECRET,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    launcher.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      // Without colours: the launcher paints its prefixes.
      output.push(...lines.map((line) => stripVTControlCharacters(line)));
    });
    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));

    await waitForLine(/^\[start\] api ready in \d+(\.\d)? s$/);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const first = await childrenOf(launcher.pid!);
    const api = first.find((child) => child.args.includes('api/dist/'))!;
    const worker = first.find((child) => child.args.includes('worker/dist/'))!;
    expect(api).toBeDefined();
    expect(worker).toBeDefined();

    process.kill(api.pid, 'SIGKILL');
    await waitForLine(/^\[start\] api exited \(SIGKILL\); restarting in 0\.5 s \(attempt 2\)$/);
    await waitForLine(/^\[start\] api ready in \d+(\.\d)? s \(attempt 2\)$/);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const second = await childrenOf(launcher.pid!);
    expect(second.map((child) => child.pid)).toContain(worker.pid);
    expect(second.find((child) => child.args.includes('api/dist/'))?.pid).not.toBe(api.pid);

    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(second.filter((child) => alive(child.pid))).toEqual([]);
    expect(await fetch(`${baseUrl}/api/health`).catch(() => 'refused')).toBe('refused');
    expect(output.some((line) => /stopping everything/.test(line))).toBe(false);
  }, 120_000);
});
