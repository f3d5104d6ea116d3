import net from 'node:net';
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
      const forward = (chunk: Buffer) => act(() => to.write(chunk));
      // Timers of one delay fire in the order they were set, so the chunks keep theirs.
      const late = from === upstream && latencyMs > 0;
      from.on('data', late ? (chunk: Buffer) => setTimeout(forward, latencyMs, chunk) : forward);
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        act(() => to.destroy());
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
