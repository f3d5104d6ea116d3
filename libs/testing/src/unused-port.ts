import net from 'node:net';
import { listeningPort } from './listening-port.js';

/** A TCP port nothing listens on (at the moment of asking): the address of a service that is down. */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = listeningPort(server);
      server.close(() => resolve(port));
    });
  });
}
