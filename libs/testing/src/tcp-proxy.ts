import net from 'node:net';
import { createPool, type Pool } from '@app/platform';
import { listeningPort } from './listening-port.js';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /**
   * Stops forwarding in both directions, as a server stopped with SIGSTOP behaves: connections are
   * still accepted (the kernel completes the handshake), nothing is answered, nothing is lost.
   */
  freeze(): void;
  /** Forwards everything held back, in order, and carries on (SIGCONT). */
  thaw(): void;
  close(): Promise<void>;
}

export interface TcpProxyOptions {
  /**
   * Holds each chunk from the target this long before passing it on: every round trip takes at least
   * that, so a test can count a client's round trips by the time they take.
   */
  latencyMs?: number;
}

/** A TCP proxy to `target` that a test can freeze: a stalled dependency without stopping a shared server. */
export async function startTcpProxy(
  target: { host: string; port: number },
  { latencyMs = 0 }: TcpProxyOptions = {},
): Promise<TcpProxy> {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  // Whatever happens while frozen (data, a side closing) takes effect on thaw, in order.
  const act = (action: () => void) => (frozen ? held.push(action) : action());

  const server = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.host);
    // As PostgreSQL and pg do: without it, a second small write waits for the first one's delayed ACK (~40 ms).
    downstream.setNoDelay(true);
    upstream.setNoDelay(true);
    for (const [from, to] of [
      [downstream, upstream],
      [upstream, downstream],
    ] as const) {
      sockets.add(from);
      // The target's side is held latencyMs. Timers of one delay fire in the order they were set, so
      // its chunks, and its close after them, keep their order.
      const late = from === upstream && latencyMs > 0;
      const pass = (action: () => void) => (late ? setTimeout(() => act(action), latencyMs) : act(action));
      from.on('data', (chunk: Buffer) => pass(() => to.write(chunk)));
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        pass(() => to.destroy());
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = listeningPort(server);

  return {
    port,
    via(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const action of held.splice(0)) action();
    },
    async close() {
      frozen = false;
      held.length = 0;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A pool whose every round trip to the database takes at least `latencyMs` (see roundTripsOf). */
export interface SlowLink {
  pool: Pool;
  /** The database's URL through the proxy (for a runner's own connections). */
  url: string;
  close(): Promise<void>;
}

/** One-connection pool to `databaseUrl` through a proxy that holds every answer `latencyMs`. */
export async function slowLink(databaseUrl: string, latencyMs: number): Promise<SlowLink> {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, { latencyMs });
  const url = proxy.via(databaseUrl);
  // One connection: what a caller sends goes down one link, as a warm runner's read and batch do.
  const pool = createPool({ connectionString: url, max: 1 });
  return {
    pool,
    url,
    async close() {
      await pool.end();
      await proxy.close();
    },
  };
}

/** How many round trips of `latencyMs` `work` took: its time over the link's, rounded down. */
export async function roundTripsOf(latencyMs: number, work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return Math.floor((performance.now() - started) / latencyMs);
}
