import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { heavyReadGate } from './heavy-read-gate';

/**
 * A server whose one route passes the gate and then waits until the test lets that request finish. Before the
 * gate, as the app's routes check the session and membership first, each request may wait for `beforeGate`.
 */
async function gatedServer(beforeGate: () => Promise<void> = async () => {}) {
  const finish: (() => void)[] = [];
  let started = 0;
  let closed = 0;
  const app = express();
  const checkedFirst: express.RequestHandler = (_req, res, next) => {
    res.once('close', () => closed++);
    void beforeGate().then(() => next());
  };
  app.get('/heavy', checkedFirst, heavyReadGate({ concurrent: 2, queued: 1, retryAfterSeconds: 5, message: 'Busy, try again.' }), (_req, res) => {
    started++;
    finish.push(() => res.json({ ok: true }));
  });
  const server = await new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  let requests = 0;
  server.on('request', () => requests++);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/heavy`;
  return { url, finish, started: () => started, requests: () => requests, closed: () => closed, close: () => new Promise((resolve) => server.close(resolve)) };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
};

describe('heavyReadGate', () => {
  it('runs two at a time, queues one more in order, refuses the rest with 503 and Retry-After, and passes turns on', async () => {
    const gated = await gatedServer();
    try {
      const first = [fetch(gated.url), fetch(gated.url)];
      await until(() => gated.started() === 2);
      const queued = fetch(gated.url);
      // The third waits for a turn: a fourth finds the queue full.
      const refused = await (async () => {
        for (;;) {
          const response = await fetch(gated.url);
          if (response.status === 503) return response;
        }
      })();
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ message: 'Busy, try again.', code: 'busy' });
      expect(gated.started()).toBe(2);

      gated.finish.shift()!();
      expect((await first[0]!).status).toBe(200);
      await until(() => gated.started() === 3); // the queued one got the freed turn
      gated.finish.shift()!();
      gated.finish.shift()!();
      expect((await first[1]!).status).toBe(200);
      expect((await queued).status).toBe(200);

      // Every turn was given back: two run at once again.
      const again = [fetch(gated.url), fetch(gated.url)];
      await until(() => gated.started() === 5);
      gated.finish.splice(0).forEach((done) => done());
      expect((await Promise.all(again)).map((response) => response.status)).toEqual([200, 200]);
    } finally {
      await gated.close();
    }
  });

  it('gives back the turn of a caller who hangs up, running or waiting', async () => {
    const gated = await gatedServer();
    try {
      // Raw requests, so that hanging up closes the connection at once (a fetch may keep its socket).
      const hangingUp = () => {
        const request = http.get(gated.url);
        request.on('error', () => {});
        return request;
      };
      const running = [hangingUp(), hangingUp()];
      await until(() => gated.started() === 2);
      const waiting = hangingUp();
      // Once the waiting request has reached the server (and so the queue), hang up on all three.
      await until(() => gated.requests() === 3);
      [...running, waiting].forEach((request) => request.destroy());
      // Two fresh requests run at once: no turn was kept by a caller who left.
      const next = [fetch(gated.url), fetch(gated.url)];
      await until(() => gated.finish.length >= 4 && gated.requests() === 5 && gated.started() - 2 >= 2);
      gated.finish.splice(0).forEach((done) => done());
      expect((await Promise.all(next)).map((response) => response.status)).toEqual([200, 200]);
    } finally {
      await gated.close();
    }
  });

  it('gives back the turn of a caller who hung up before reaching the gate (while their session was being checked)', async () => {
    let letThrough!: () => void;
    const checked = new Promise<void>((resolve) => (letThrough = resolve));
    let checking = true;
    const gated = await gatedServer(() => (checking ? checked : Promise.resolve()));
    try {
      // Two callers hang up while the middleware before the gate still works on their requests.
      const hangingUp = [http.get(gated.url), http.get(gated.url)];
      hangingUp.forEach((request) => request.on('error', () => {}));
      await until(() => gated.requests() === 2);
      hangingUp.forEach((request) => request.destroy());
      await until(() => gated.closed() === 2); // the server has seen both connections close
      checking = false;
      letThrough();
      // Two fresh requests run at once: the callers who left before the gate kept no turn.
      const next = [fetch(gated.url), fetch(gated.url)];
      await until(() => gated.requests() === 4 && gated.finish.length >= 2);
      gated.finish.splice(0).forEach((done) => done());
      expect((await Promise.all(next)).map((response) => response.status)).toEqual([200, 200]);
    } finally {
      await gated.close();
    }
  });
});
