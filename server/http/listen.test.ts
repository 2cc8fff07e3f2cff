import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { testConfig } from '../config';
import { ListenError, listen, listeningMessage, listenOptions } from './listen';

/*
 * HOST: the server listens where HOST says (every interface when unset) and its start-up line says
 * truthfully where that is.
 */
const hello: http.RequestListener = (_req, res) => res.end('hello');

/** Whether a TCP connection to address:port is accepted. */
const connects = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** An IPv4 address of this machine other than loopback, if it has one. */
const externalIpv4 = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});
const started = async (config: { PORT: number; HOST?: string }) => {
  const server = await listen(hello, config);
  servers.push(server);
  return { server, address: server.address() as AddressInfo };
};

describe('listenOptions', () => {
  it('passes HOST to listen, and no host (every interface) when it is unset', () => {
    expect(listenOptions(testConfig({ PORT: 5000 }))).toEqual({ port: 5000 });
    expect(listenOptions(testConfig({ PORT: 5000, HOST: '127.0.0.1' }))).toEqual({ port: 5000, host: '127.0.0.1' });
  });
});

describe('listen', () => {
  it('with HOST=127.0.0.1 listens there only: another address of this machine is refused', async () => {
    const { address } = await started({ PORT: 0, HOST: '127.0.0.1' });
    expect(address.address).toBe('127.0.0.1');
    expect(await connects('127.0.0.1', address.port)).toBe(true);
    if (externalIpv4) expect(await connects(externalIpv4, address.port)).toBe(false);
    expect(listeningMessage(address, '127.0.0.1')).toBe(`Steadfast is listening on http://127.0.0.1:${address.port} (this address only)`);
  });

  it('without HOST listens on every interface, and says so', async () => {
    const { address } = await started({ PORT: 0 });
    expect(['::', '0.0.0.0']).toContain(address.address);
    expect(await connects('127.0.0.1', address.port)).toBe(true);
    if (externalIpv4) expect(await connects(externalIpv4, address.port)).toBe(true);
    const message = listeningMessage(address, undefined);
    expect(message).toMatch(/^Steadfast is listening on http:\/\/(\[::\]|0\.0\.0\.0):\d+ \(all (IPv4 )?interfaces; on this machine open http:\/\/localhost:\d+/);
    expect(message).not.toMatch(/listening on http:\/\/localhost/);
  });

  it('names the address a host name resolved to, and the HOST given', async () => {
    const { address } = await started({ PORT: 0, HOST: 'localhost' });
    expect(['127.0.0.1', '::1']).toContain(address.address);
    expect(listeningMessage(address, 'localhost')).toMatch(/^Steadfast is listening on http:\/\/(127\.0\.0\.1|\[::1\]):\d+ \(this address only, HOST=localhost\)$/);
  });

  it('refuses in one line when the port is taken or HOST is not an address of this machine', async () => {
    const { address } = await started({ PORT: 0, HOST: '127.0.0.1' });
    await expect(listen(hello, { PORT: address.port, HOST: '127.0.0.1' })).rejects.toThrow(
      new ListenError(`Port ${address.port} is already in use on 127.0.0.1; set PORT to another port.`, 'EADDRINUSE'),
    );
    // 192.0.2.0/24 is TEST-NET-1, reserved for documentation: an address no machine here has.
    const foreign = externalIpv4 === '192.0.2.77' ? '192.0.2.78' : '192.0.2.77';
    await expect(listen(hello, { PORT: 0, HOST: foreign })).rejects.toThrow(/^HOST=192\.0\.2\.7\d is not an address of this machine; set HOST to one of its addresses/);
  });
});
