// A round-robin HTTP proxy in front of several servers, as a load balancer would be: it asks each server's
// GET /readyz every CHECK_EVERY_MS and sends each request to the next ready server (to any server when none
// is ready, as balancers "fail open"); a server that refuses the connection is skipped for the next one. A connection lost after it was accepted is not retried: the
// client gets 502, and the test counts it as a failed request.
import http from 'node:http';

export const CHECK_EVERY_MS = 250;

export function startProxy(backends) {
  let next = 0;
  const stats = { requests: 0, skippedRefusals: 0, failed: 0, answeredBy: Object.fromEntries(backends.map((port) => [port, 0])) };
  const ready = new Set(backends);
  const checks = setInterval(() => {
    for (const port of backends) {
      http
        .get({ host: '127.0.0.1', port, path: '/readyz', agent: false, timeout: CHECK_EVERY_MS * 4 }, (answer) => {
          answer.resume();
          if (answer.statusCode === 200) ready.add(port);
          else ready.delete(port);
        })
        .on('timeout', function abandon() {
          this.destroy(new Error('readiness check timed out'));
        })
        .on('error', () => ready.delete(port));
    }
  }, CHECK_EVERY_MS);

  // Attempt k of a request goes to the k-th server after the one its turn chose.
  const forward = (req, res, body, turn, attempt) => {
    const candidates = ready.size > 0 ? backends.filter((port) => ready.has(port)) : backends;
    const port = candidates[(turn + attempt) % candidates.length];
    // A new connection per request: a kept-alive connection could be closed by the server just as the
    // proxy reuses it, a race of the proxy's making, not the server's.
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false },
      (answer) => {
        stats.answeredBy[port]++;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (error.code === 'ECONNREFUSED' && attempt + 1 < candidates.length) {
        stats.skippedRefusals++;
        forward(req, res, body, turn, attempt + 1);
        return;
      }
      stats.failed++;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `proxy: ${error.code ?? error.message}` }));
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    stats.requests++;
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), next++, 0));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        stats,
        close: () => {
          clearInterval(checks);
          return new Promise((done) => server.close(() => done()));
        },
      });
      server.keepAliveTimeout = 5_000;
    });
  });
}
