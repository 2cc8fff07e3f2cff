// What a build of the app reads, reduced to what can change its output: the sources and configs (hashed
// file by file) and the client's settings (the VITE_* values Vite would use). scripts/build.mjs writes these
// into dist/.build-stamp after a build, and `--if-stale` compares them with the stamp to skip a build.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

// Tests and end-to-end specs are not bundled, so changing them needs no build.
const SOURCE_DIRS = ['client', 'server', 'shared'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tailwind.config.ts', 'scripts/build.mjs', 'scripts/build-server.mjs', 'scripts/lib/build-inputs.mjs'];
// The files Vite reads settings from in the project root (vite.config.ts's envDir) for a production build, later ones winning.
export const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];
const skipped = (relative) => relative === 'client/e2e' || /\.test\.[cm]?[jt]sx?$/.test(relative) || path.basename(relative) === 'node_modules';

/** How the stamp keeps a client setting: a hash of its value (npm run doctor compares the server's settings by it). */
export const settingHash = (text) => createHash('sha256').update(text).digest('hex');

function listFiles(root, relative, found) {
  if (skipped(relative)) return;
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(absolute).sort()) listFiles(root, path.posix.join(relative, entry), found);
  } else if (stat.isFile()) {
    found.push(relative);
  }
}

/**
 * The settings a client build gets, as Vite resolves them (vite's loadEnv): the VITE_* lines of the env
 * files, overridden by VITE_* variables of the environment, and NODE_ENV from an env file (Vite builds in
 * that mode). Only these reach the build: the server's settings in the same files (PORT, DATABASE_URL, …)
 * do not, so changing them needs no build. A blank value is the same as none: the client reads every
 * VITE_* setting trimmed, blank meaning unset (lib/firebase.ts), so .env.example's empty lines change
 * nothing. A value that refers to another variable ($NAME) is kept with its whole file, since what it
 * expands to can come from anywhere in that file.
 */
export function clientSettings(root, env = process.env) {
  const settings = {};
  for (const file of ENV_FILES) {
    const absolute = path.join(root, file);
    if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isFile()) continue;
    const text = fs.readFileSync(absolute, 'utf8');
    const parsed = parseEnv(text);
    for (const [name, value] of Object.entries(parsed)) {
      if (!name.startsWith('VITE_') && name !== 'NODE_ENV') continue;
      settings[name] = value;
      if (value.includes('$')) settings[`file:${file}`] = text;
    }
  }
  for (const [name, value] of Object.entries(env)) if (name.startsWith('VITE_') && value !== undefined) settings[name] = value;
  return Object.fromEntries(
    Object.entries(settings)
      .filter(([, value]) => value.trim() !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** `sources`: one hash of every file the build reads; `settings`: each client setting's name with a hash of its value. */
export function buildInputs(root, env = process.env) {
  const files = [];
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) listFiles(root, entry, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  const settings = Object.fromEntries(Object.entries(clientSettings(root, env)).map(([name, value]) => [name, settingHash(value)]));
  return { sources: hash.digest('hex'), settings, files: files.length };
}

/** The stamp's text for these inputs. */
export const stampText = ({ sources, settings }) => `${JSON.stringify({ sources, settings })}\n`;

/** Why a build made with the stamp `previous` (its text, or undefined) is out of date for `current`; null when it is not. */
export function staleReason(previous, current) {
  if (previous === undefined) return 'no build yet';
  let stamp;
  try {
    stamp = JSON.parse(previous);
  } catch {
    return 'the last build was stamped by an older build script';
  }
  if (!stamp || typeof stamp !== 'object' || typeof stamp.sources !== 'string') return 'the last build was stamped by an older build script';
  if (stamp.sources !== current.sources) return 'the sources changed since the last build';
  const before = stamp.settings ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(current.settings)])].filter((name) => before[name] !== current.settings[name]).sort();
  if (names.length > 0) return `the client's settings changed since the last build (${names.join(', ')})`;
  return null;
}
