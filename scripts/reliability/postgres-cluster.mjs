// A throwaway PostgreSQL cluster of the test's own: initdb in a temporary folder, its own port, stopped and
// started at will. initdb and postgres refuse to run as root, so as root they run as the postgres user.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function postgresBinaries() {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((folder) => fs.existsSync(path.join(folder, 'initdb')));
  if (!bin) throw new Error('No PostgreSQL server binaries (initdb) under /usr/lib/postgresql');
  return bin;
}

const asRoot = process.getuid?.() === 0;

const asOwner = (command, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
const runAsOwner = (command, args) => execFileSync(...asOwner(command, args), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** The same without blocking: the test's load, proxy and probes go on while Postgres stops or starts. */
const runAsOwnerAsync = (command, args) => promisify(execFile)(...asOwner(command, args), { encoding: 'utf8' });

/**
 * Creates and starts a cluster on `port`. Returns its URL and stop/start (asynchronous)/destroy. `stop('immediate')` is a
 * crash as far as clients are concerned: connections are cut without a checkpoint, and what was committed
 * must come back from the write-ahead log.
 */
export function startCluster(port) {
  const bin = postgresBinaries();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-cluster-'));
  const data = path.join(folder, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', folder]);
  runAsOwner(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions', '-E', 'UTF8', '--locale=C']);
  const pgCtl = (...args) => runAsOwnerAsync(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const startArgs = ['-o', options, '-l', path.join(folder, 'postgres.log'), '-w', '-t', '60', 'start'];
  runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, ...startArgs]);
  let running = true;
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    log: () => fs.readFileSync(path.join(folder, 'postgres.log'), 'utf8'),
    async stop(mode = 'fast') {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
      running = false;
    },
    async start() {
      await pgCtl(...startArgs);
      running = true;
    },
    destroy() {
      try {
        if (running) runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {}
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
