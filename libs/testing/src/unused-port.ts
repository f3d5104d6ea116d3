import net from 'node:net';

/** A TCP port nothing listens on (at the moment of asking): the address of a service that is down. */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
