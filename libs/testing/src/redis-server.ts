import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { unusedPort } from './unused-port.js';

/**
 * A redis-server (from the PATH) of a test's own, memory only, that the test may kill and start
 * again empty on the same port: the shared Redis of the run is never touched.
 */
export class OwnRedisServer {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await unusedPort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, with nothing in it) and waits until it answers. */
  async restart(): Promise<void> {
    if (this.process) throw new Error('redis-server is already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.process = child;
    child.once('exit', () => {
      if (this.process === child) this.process = null;
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(this.port))) {
      if (this.process !== child) throw new Error(`redis-server on port ${this.port} exited while starting`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} did not answer in time`);
      await sleep(20);
    }
  }

  /** Kills the server at once (SIGKILL): whatever it held is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
