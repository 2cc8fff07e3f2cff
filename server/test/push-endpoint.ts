import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
// http_ece has no types; it decrypts what the app encrypted (RFC 8188 / 8291).
// @ts-expect-error -- untyped CommonJS module
import ece from 'http_ece';

/** One request the test push service received, decrypted with the subscription's private key. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload. */
  payload: string;
}

export interface TestDevice {
  /** What the browser's PushSubscription.toJSON() gives: POST it to /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Resolves once `count` pushes reached this device. */
  waitFor(count: number): Promise<ReceivedPush[]>;
  /** The push service answers this status from now on (410: the subscription is gone). */
  answer(status: number): void;
  /** The push service takes this device's requests and never answers them (a black hole). */
  hang(): void;
}

const HANG = -1;

/**
 * A push service over HTTPS on 127.0.0.1 (its certificate trusted through NODE_EXTRA_CA_CERTS, see push-tls.ts)
 * with devices whose keys the test holds, as a browser would, so each received body is decrypted and read.
 */
export async function startTestPushService() {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; received: ReceivedPush[]; status: number; waiters: Set<() => void> }>();
  const server = https.createServer({ key: fs.readFileSync(process.env.PUSH_TEST_TLS_KEY!), cert: fs.readFileSync(process.env.PUSH_TEST_TLS_CERT!) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      if (!device) {
        res.writeHead(404).end();
        return;
      }
      if (device.status === HANG) {
        hanging.add(res);
        return;
      }
      if (device.status >= 300) {
        res.writeHead(device.status).end();
        return;
      }
      const payload = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') }) as Buffer;
      device.received.push({ path: req.url ?? '', headers: req.headers, payload: payload.toString('utf8') });
      res.writeHead(201).end();
      for (const wake of device.waiters) wake();
    });
  });
  const hanging = new Set<import('node:http').ServerResponse>();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  // Every endpoint ends with this: the app's worker in a test sends only these (other files share Postgres).
  const tag = `/${randomBytes(6).toString('hex')}`;
  return {
    origin: `https://127.0.0.1:${port}`,
    /** The PUSH_ENDPOINT_HOSTS entry of this service: its host and port. */
    host: `127.0.0.1:${port}`,
    port,
    endpointSuffix: tag,
    newDevice(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}${tag}`;
      const device = { ecdh, auth, received: [] as ReceivedPush[], status: 201, waiters: new Set<() => void>() };
      devices.set(path, device);
      return {
        subscription: { endpoint: `https://127.0.0.1:${port}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
        received: device.received,
        answer: (status) => {
          device.status = status;
        },
        hang: () => {
          device.status = HANG;
        },
        waitFor: (count) =>
          new Promise((resolve) => {
            const check = () => {
              if (device.received.length >= count) {
                device.waiters.delete(check);
                resolve(device.received);
              }
            };
            device.waiters.add(check);
            check();
          }),
      };
    },
  };
}
