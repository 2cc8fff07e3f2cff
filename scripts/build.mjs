// Builds the app into dist/: the client with Vite (dist/client) and the server with esbuild
// (dist/server), then stamps dist/ with a hash of everything the build reads.
//
//   node scripts/build.mjs             always builds (npm run build)
//   node scripts/build.mjs --if-stale  builds only when the sources, configs, lock file or the client's
//                                      VITE_* settings differ from the last successful build (npm start)
//
// What counts is in scripts/lib/build-inputs.mjs: from the env files only the VITE_* settings (blank ones
// being unset), so copying .env.example to .env, or changing a server setting there, needs no build.
// The inputs are read before building and stamped only after both steps succeed, so an edit made
// during a build, or a failed build, leaves the next start building again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildInputs, staleReason, stampText } from './lib/build-inputs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const outputs = ['dist/client/index.html', 'dist/server/index.js'];

function run(what, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${what} failed`);
    process.exit(result.status ?? 1);
  }
}

const ifStale = process.argv.includes('--if-stale');
const started = Date.now();
const inputs = buildInputs(root);
const previous = outputs.every((output) => fs.existsSync(path.join(root, output))) && fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : undefined;
const reason = staleReason(previous, inputs);

if (ifStale && reason === null) {
  console.log(`build: dist/ is up to date with the sources and settings (${inputs.files} files checked in ${Date.now() - started} ms); skipping the build`);
  process.exit(0);
}
if (ifStale) console.log(reason === 'no build yet' ? 'build: no build yet; building the app (the first start takes a little longer)' : `build: ${reason}; building`);

fs.rmSync(stampFile, { force: true });
run('the client build (vite)', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
run('the server build (esbuild)', [path.join(root, 'scripts/build-server.mjs')]);
fs.writeFileSync(stampFile, stampText(inputs));
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
