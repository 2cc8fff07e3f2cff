import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (for a server a script starts). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
