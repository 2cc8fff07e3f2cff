// Builds the app into dist/: the client with Vite (dist/client) and the server with esbuild
// (dist/server), then stamps dist/ with a hash of everything the build reads.
//
//   node scripts/build.mjs             always builds (npm run build)
//   node scripts/build.mjs --if-stale  builds only when the sources, configs, lock file or VITE_*
//                                      settings differ from the last successful build (npm start)
//
// The hash is taken before building and written only after both steps succeed, so an edit made
// during a build, or a failed build, leaves the next start building again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const outputs = ['dist/client/index.html', 'dist/server/index.js'];

// What the build reads. Tests and end-to-end specs are not bundled, so changing them needs no build.
const sourceDirs = ['client', 'server', 'shared'];
const sourceFiles = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tailwind.config.ts', 'scripts/build.mjs', 'scripts/build-server.mjs'];
// Vite reads VITE_* settings from the environment and from these files in the project root (envDir).
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];
const skipped = (relative) => relative === 'client/e2e' || /\.test\.[cm]?[jt]sx?$/.test(relative) || path.basename(relative) === 'node_modules';

function listFiles(relative, found) {
  if (skipped(relative)) return;
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(absolute).sort()) listFiles(path.posix.join(relative, entry), found);
  } else if (stat.isFile()) {
    found.push(relative);
  }
}

function sourceHash() {
  const files = [];
  for (const entry of [...sourceDirs, ...sourceFiles, ...envFiles]) listFiles(entry, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_')).sort()) hash.update(`env:${name}=${process.env[name]}\0`);
  return { hash: hash.digest('hex'), files: files.length };
}

function run(what, args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: ${what} failed`);
    process.exit(result.status ?? 1);
  }
}

const ifStale = process.argv.includes('--if-stale');
const started = Date.now();
const { hash, files } = sourceHash();
const upToDate = fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash && outputs.every((output) => fs.existsSync(path.join(root, output)));

if (ifStale && upToDate) {
  console.log(`build: dist/ is up to date with the sources (${files} files checked in ${Date.now() - started} ms); skipping the build`);
  process.exit(0);
}
if (ifStale) console.log(fs.existsSync(stampFile) ? 'build: the sources changed since the last build; building' : 'build: no build yet; building the app (the first start takes a little longer)');

fs.rmSync(stampFile, { force: true });
run('the client build (vite)', [path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
run('the server build (esbuild)', [path.join(root, 'scripts/build-server.mjs')]);
fs.writeFileSync(stampFile, `${hash}\n`);
console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
