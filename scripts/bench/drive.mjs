// One load of the benchmark, run in its own process so that the load generator does not share the
// server's event loop: node scripts/bench/drive.mjs '<JSON scenario>'. Prints autocannon's figures as JSON.
//
// A scenario: { base, connections, seconds, requests: [{ method, path, cookie, headers?, body? }] }.
// Requests are sent round-robin (many members' sessions spread a call over many accounts); a request
// with `saveCell: { communityId, year, month, lastDay }` gets a body marking a random day and discipline.
import autocannon from 'autocannon';

const scenario = JSON.parse(process.argv[2]);
const DISCIPLINES = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'];
const STATUSES = ['Yes', 'No', 'Partially', 'Blank'];
let turn = 0;
const pick = (list) => list[Math.floor(Math.random() * list.length)];

const result = await autocannon({
  url: scenario.base,
  connections: scenario.connections,
  duration: scenario.seconds,
  requests: [
    {
      setupRequest: (request) => {
        const spec = scenario.requests[turn++ % scenario.requests.length];
        const headers = { ...request.headers, cookie: spec.cookie, 'x-community-id': scenario.communityId, ...spec.headers };
        let body;
        if (spec.saveCell) {
          const { communityId, year, month, lastDay } = spec.saveCell;
          const discipline = pick(DISCIPLINES);
          const day = String(1 + Math.floor(Math.random() * lastDay));
          body = JSON.stringify({ communityId, year, month, entries: {}, dayStatus: { [discipline]: { [day]: pick(STATUSES) } } });
          headers['content-type'] = 'application/json';
        }
        return { ...request, method: spec.method, path: spec.path, headers, body };
      },
    },
  ],
});

const statusCounts = { '1xx': result['1xx'], '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] };
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
  }),
);
