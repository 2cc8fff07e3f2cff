import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config';

type ListenConfig = Pick<Config, 'PORT' | 'HOST'>;

/** Where the server listens: HOST, else every interface (IPv6 and IPv4, as Node does without a host). */
export function listenOptions(config: ListenConfig): { port: number; host?: string } {
  return config.HOST ? { port: config.PORT, host: config.HOST } : { port: config.PORT };
}

const urlOf = (address: string, port: number) => `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

/** The start-up line: where the server really listens, and the address to open on this machine. */
export function listeningMessage(address: AddressInfo, host: string | undefined): string {
  const { port } = address;
  if (address.address === '::' || address.address === '0.0.0.0') {
    const which = address.address === '0.0.0.0' ? 'all IPv4 interfaces' : 'all interfaces';
    return `Steadfast is listening on ${urlOf(address.address, port)} (${which}; on this machine open http://localhost:${port}; set HOST=127.0.0.1 to listen on this machine only)`;
  }
  const named = host && host !== address.address ? `, HOST=${host}` : '';
  return `Steadfast is listening on ${urlOf(address.address, port)} (this address only${named})`;
}

/** One line saying why the server could not listen, and what to change. */
export function listenFailureMessage(error: NodeJS.ErrnoException, config: ListenConfig): string {
  const where = config.HOST ? `${config.HOST} port ${config.PORT}` : `port ${config.PORT}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${config.PORT} is already in use${config.HOST ? ` on ${config.HOST}` : ''}; set PORT to another port.`;
    case 'EADDRNOTAVAIL':
      return `HOST=${config.HOST} is not an address of this machine; set HOST to one of its addresses (127.0.0.1 for this machine only), or leave it unset to listen on all interfaces.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${config.HOST} is not a host name this machine can resolve; set HOST to an IP address of this machine, or leave it unset to listen on all interfaces.`;
    case 'EACCES':
      return `Listening on ${where} needs privileges this process does not have; set PORT to 1024 or above.`;
    default:
      return `Could not listen on ${where}: ${error.message}`;
  }
}

/** Thrown when the server cannot listen; its message is listenFailureMessage's line. */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

/**
 * Starts an HTTP server for `handler` on HOST and PORT. Resolves once it listens, or rejects with a
 * ListenError whose message says what to change (the port taken, a HOST that is not this machine's).
 */
export function listen(handler: http.RequestListener, config: ListenConfig): Promise<http.Server> {
  const server = http.createServer(handler);
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new ListenError(listenFailureMessage(error, config), error.code));
    server.once('error', failed);
    server.listen(listenOptions(config), () => {
      server.off('error', failed);
      resolve(server);
    });
  });
}
