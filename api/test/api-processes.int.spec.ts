import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { TEST_SESSION_SECRET } from './api-harness.js';

const execFileAsync = promisify(execFile);
const apiMain = path.resolve(import.meta.dirname, '../dist/main.js');

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The api processes the supervisor has running now. */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await execFileAsync('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * API_PROCESSES=2 (docs/operations.md, Configuration): the built api runs as a supervisor and two api processes on one
 * port; a process that dies is replaced while the other keeps answering, and SIGTERM stops them all.
 */
describe('the api as several processes (node:cluster)', () => {
  let db: TestDatabase;
  let api: ChildProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    if (api && api.exitCode === null) api.kill('SIGKILL');
    await db.close();
  });

  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const port = await unusedPort();
    const baseUrl = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [apiMain], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        SERVE_WEB: 'false',
        LOG_LEVEL: 'error',
        API_PROCESSES: '2',
        QUEUE_PREFIX: `api-processes-${randomUUID()}`,
        SESSION_SECRET: TEST_SESSION_SECRET,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const supervisor = api.pid!;
    const exited = new Promise<number | null>((resolve) => api!.once('exit', (code) => resolve(code)));
    const answers = async () => {
      const response = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      return response && response.status < 500 ? true : undefined;
    };

    await waitUntil('the api to answer', answers);
    const first = await waitUntil('two api processes', async () => {
      const children = await childrenOf(supervisor);
      return children.length === 2 ? children : undefined;
    });

    process.kill(first[0]!, 'SIGKILL');
    const second = await waitUntil('a replacement process', async () => {
      const children = await childrenOf(supervisor);
      return children.length === 2 && !children.includes(first[0]!) ? children : undefined;
    });
    expect(second).toContain(first[1]);
    await waitUntil('the api to answer after the replacement', answers);

    api.kill('SIGTERM');
    expect(await exited).toBe(0);
    await waitUntil('every api process to stop', async () => (second.some(alive) ? undefined : true), 10_000);
    expect(await fetch(`${baseUrl}/api/health`).catch(() => 'refused')).toBe('refused');
  });
});
