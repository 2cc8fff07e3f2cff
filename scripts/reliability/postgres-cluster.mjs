// A throwaway PostgreSQL cluster of the test's own: initdb in a temporary folder, its own port, stopped and
// started at will. initdb and postgres refuse to run as root, so as root they run as the postgres user.
import { execFileSync } from 'node:child_process';
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

function runAsOwner(command, args) {
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, fileArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Creates and starts a cluster on `port`. Returns its URL and stop/start/destroy. `stop('immediate')` is a
 * crash as far as clients are concerned: connections are cut without a checkpoint, and what was committed
 * must come back from the write-ahead log.
 */
export function startCluster(port) {
  const bin = postgresBinaries();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-cluster-'));
  const data = path.join(folder, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', folder]);
  runAsOwner(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions', '-E', 'UTF8', '--locale=C']);
  const pgCtl = (...args) => runAsOwner(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const start = () => pgCtl('-o', options, '-l', path.join(folder, 'postgres.log'), '-w', '-t', '60', 'start');
  start();
  let running = true;
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    log: () => fs.readFileSync(path.join(folder, 'postgres.log'), 'utf8'),
    stop(mode = 'fast') {
      pgCtl('-m', mode, '-w', '-t', '60', 'stop');
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      try {
        if (running) pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {}
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
