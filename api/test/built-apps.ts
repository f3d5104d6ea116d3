import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The built api's and worker's entry points, as `npm start` runs them. */
export const apiMain = path.resolve(import.meta.dirname, '../dist/main.js');
export const workerMain = path.resolve(import.meta.dirname, '../../worker/dist/main.js');

export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A built app as it runs for real, its stdout (one JSON line per log entry) kept. */
export class Process {
  readonly lines: string[] = [];
  private readonly child: ChildProcess;
  private partial = '';

  constructor(main: string, env: Record<string, string | undefined>) {
    this.child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      this.lines.push(...parts.filter(Boolean));
    });
  }

  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  find(predicate: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return waitUntil('a log line', () => this.entries().find(predicate));
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** A browser-like client: keeps cookies, sends the CSRF token, and names each request's id. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async send(method: string, url: string, body?: object, requestId?: string): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.send('GET', '/api/auth/check');
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...(requestId ? { 'x-request-id': requestId } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN')!) } : {}),
    };
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
}
