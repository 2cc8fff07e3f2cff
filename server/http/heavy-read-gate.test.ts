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

describe('heavyReadGate with a queue per community', () => {
  /** Reads of /heavy/<community>: two run at a time on the server, eight more wait per community. */
  async function perCommunityServer() {
    const running: { community: string; finish: () => void }[] = [];
    const started: string[] = [];
    let arrived = 0;
    const gate = heavyReadGate({ concurrent: 2, queued: 8, retryAfterSeconds: 5, message: 'Busy, try again.', key: (req) => String(req.params.community) });
    const app = express();
    app.get(
      '/heavy/:community',
      (req, res, next) => {
        arrived++; // the gate decides at once: running, queued or refused
        gate(req, res, next);
      },
      (req, res) => {
        started.push(String(req.params.community));
        running.push({ community: String(req.params.community), finish: () => res.json({ ok: true }) });
      },
    );
    const server = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/heavy`;
    return { read: (community: string) => fetch(`${base}/${community}`), running, started, arrived: () => arrived, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("refuses a community beyond its own queue, and never another community's caller, who is served at the next freed turn", async () => {
    const gated = await perCommunityServer();
    try {
      // One community fills the server's two turns and its own queue of eight.
      const flood = Array.from({ length: 10 }, () => gated.read('flooding'));
      await until(() => gated.started.length === 2 && gated.arrived() === 10);
      const refused = await gated.read('flooding');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ message: 'Busy, try again.', code: 'busy' });

      // Two other communities' moderators wait: queued, not refused.
      const other = gated.read('other');
      await until(() => gated.arrived() === 12);
      const third = gated.read('third');
      await until(() => gated.arrived() === 13);
      expect(gated.started).toEqual(['flooding', 'flooding']);

      // Freed turns go to the communities not served yet, in the order they came, then back to the flood.
      gated.running.shift()!.finish();
      await until(() => gated.started.length === 3);
      expect(gated.started[2]).toBe('other');
      gated.running.shift()!.finish();
      await until(() => gated.started.length === 4);
      expect(gated.started[3]).toBe('third');
      gated.running.shift()!.finish();
      await until(() => gated.started.length === 5);
      expect(gated.started[4]).toBe('flooding');
      expect((await other).status).toBe(200);

      // Everyone queued is served in the end; a community whose queue has room again is queued again.
      for (let served = 5; served < 12; served++) {
        gated.running.shift()!.finish();
        await until(() => gated.started.length === served + 1);
      }
      gated.running.splice(0).forEach((read) => read.finish());
      expect((await Promise.all([...flood, third])).map((response) => response.status)).toEqual(Array(11).fill(200));
    } finally {
      await gated.close();
    }
  });

  it('takes turns between communities that both flood, one each', async () => {
    const gated = await perCommunityServer();
    try {
      const first = Array.from({ length: 6 }, () => gated.read('a'));
      await until(() => gated.started.length === 2 && gated.arrived() === 6);
      const second = Array.from({ length: 4 }, () => gated.read('b'));
      await until(() => gated.arrived() === 10);
      while (gated.started.length < 10) {
        const before = gated.started.length;
        gated.running.shift()!.finish();
        await until(() => gated.started.length === before + 1);
      }
      // a a, then b first (never served), then each in turn while both wait, then the rest of a.
      expect(gated.started).toEqual(['a', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a']);
      gated.running.splice(0).forEach((read) => read.finish());
      expect((await Promise.all([...first, ...second])).every((response) => response.status === 200)).toBe(true);
    } finally {
      await gated.close();
    }
  });
});
