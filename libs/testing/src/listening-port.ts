import type net from 'node:net';

/** The TCP port a listening server got (listen(0) picks one); a pipe or a closed server is a bug here. */
export function listeningPort(server: net.Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server is not listening on a TCP port');
  return address.port;
}
