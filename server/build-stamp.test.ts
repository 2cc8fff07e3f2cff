import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildInputs, clientSettings, staleReason, stampText } from '../scripts/lib/build-inputs.mjs';

/*
 * npm start builds only when what the build reads changed (scripts/build.mjs --if-stale). From the env
 * files that is only the client's VITE_* settings, blank ones being unset: copying .env.example to .env,
 * or changing a server setting there, must not rebuild the app and say the sources changed.
 */
const projectRoot = path.resolve(import.meta.dirname, '..');
let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-build-inputs-'));
  for (const [file, text] of Object.entries({ 'package.json': '{"name":"steadfast"}', 'client/src/main.tsx': 'render();', 'server/index.ts': 'listen();', 'shared/a.ts': 'export {};' })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
/** The stamp a build of the tree as it is now (run with `env`) leaves; and why a start run with `env` would build again after it. */
const stampNow = (env: NodeJS.ProcessEnv = {}) => stampText(buildInputs(root, env));
const reasonAfter = (stamp: string, env: NodeJS.ProcessEnv = {}) => staleReason(stamp, buildInputs(root, env));

describe('npm start --if-stale', () => {
  it('does not build again when .env.example is copied to .env, nor when a start reads it into the environment', () => {
    const example = fs.readFileSync(path.join(projectRoot, '.env.example'), 'utf8');
    const built = stampNow();
    write('.env', example);
    expect(reasonAfter(built)).toBeNull();
    // The same file read into the environment (set -a; . ./.env), blank VITE_* values and all.
    const exported = Object.fromEntries(example.split('\n').filter((line) => /^VITE_\w+=/.test(line)).map((line) => line.split('=') as [string, string]));
    expect(Object.keys(exported).length).toBeGreaterThan(0);
    expect(reasonAfter(built, exported)).toBeNull();
    // Twice in a row after a build made with the file: still nothing to do.
    const again = stampNow();
    expect(reasonAfter(again)).toBeNull();
    expect(reasonAfter(again)).toBeNull();
  });

  it('does not build again for a server setting changed in .env', () => {
    write('.env', 'PORT=5000\nDATABASE_URL=\nVITE_FIREBASE_API_KEY=\n');
    const built = stampNow();
    write('.env', 'PORT=8080\nDATABASE_URL=postgres://steadfast@db/steadfast\nHOST=127.0.0.1\nVITE_FIREBASE_API_KEY=\n');
    expect(reasonAfter(built)).toBeNull();
  });

  it('builds again when a VITE_* setting changes, in an env file or the environment, and names it', () => {
    const built = stampNow();
    write('.env.production', 'VITE_FIREBASE_API_KEY=AIza-key\n');
    expect(reasonAfter(built)).toBe("the client's settings changed since the last build (VITE_FIREBASE_API_KEY)");
    // The environment wins over the files, as in Vite: blank there is unset again.
    expect(reasonAfter(built, { VITE_FIREBASE_API_KEY: ' ' })).toBeNull();
    expect(reasonAfter(built, { VITE_FIREBASE_PROJECT_ID: 'steadfast-app' })).toMatch(/\(VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID\)$/);
    // A later file wins over an earlier one.
    write('.env', 'VITE_FIREBASE_API_KEY=other\n');
    expect(clientSettings(root, {})).toEqual({ VITE_FIREBASE_API_KEY: 'AIza-key' });
  });

  it('builds again when a setting a VITE_* value refers to changes, and when NODE_ENV in an env file does', () => {
    write('.env', 'PROJECT=one\nVITE_FIREBASE_PROJECT_ID=$PROJECT\n');
    const built = stampNow();
    write('.env', 'PROJECT=two\nVITE_FIREBASE_PROJECT_ID=$PROJECT\n');
    expect(reasonAfter(built)).toMatch(/^the client's settings changed since the last build \(file:\.env\)$/);
    write('.env', 'NODE_ENV=development\n');
    expect(reasonAfter(stampNow({}))).toBeNull();
    expect(reasonAfter(built)).toMatch(/NODE_ENV/);
  });

  it('builds again when a source changes, and after a build stamped by the older script', () => {
    const built = stampNow();
    expect(reasonAfter(built)).toBeNull();
    write('client/src/main.tsx', 'render(<App />);');
    expect(reasonAfter(built)).toBe('the sources changed since the last build');
    // Tests are not bundled: changing one needs no build.
    const rebuilt = stampNow();
    write('client/src/main.test.tsx', 'it();');
    expect(reasonAfter(rebuilt)).toBeNull();
    expect(staleReason(`${'a'.repeat(64)}\n`, buildInputs(root, {}))).toBe('the last build was stamped by an older build script');
    expect(staleReason(undefined, buildInputs(root, {}))).toBe('no build yet');
  });
});
