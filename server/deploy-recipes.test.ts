import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_NAMES } from './config';
import { createTestApp } from './test/app';
import { declaredRoutes } from './test/routes';

/*
 * The container recipe and the systemd unit (issue 42 item 5) cannot be built here (no registry is reachable):
 * what can be checked without building is. Every file they copy and every script they run exists, the compose
 * file parses, and every setting they give the app is one server/config.ts reads.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const packageScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
/** What `npm run build` makes (scripts/build.mjs): the server bundle and the client. */
const BUILT = ['dist', 'dist/server/index.js', 'dist/client'];
const { app } = await createTestApp();

/** The Dockerfile's instructions, continuation lines joined. */
const dockerfile = read('Dockerfile')
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

describe('the Dockerfile', () => {
  it('builds on Node 20 in two stages and runs as a non-root user', () => {
    const froms = dockerfile.filter((line) => line.startsWith('FROM '));
    expect(froms.length).toBe(2);
    for (const from of froms) expect(from).toMatch(/^FROM node:20-/);
    const user = dockerfile.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
  });

  it('copies only what exists or the build makes, and runs only scripts package.json has', () => {
    for (const line of dockerfile.filter((instruction) => instruction.startsWith('COPY '))) {
      const parts = line.split(/\s+/).slice(1).filter((part) => !part.startsWith('--chown'));
      const fromBuild = parts[0]!.startsWith('--from=');
      const sources = (fromBuild ? parts.slice(1, -1).map((source) => source.replace(/^\/app\//, '')) : parts.slice(0, -1)).filter((source) => source !== '.');
      for (const source of sources) expect(fs.existsSync(path.join(root, source)) || (fromBuild && BUILT.includes(source)), `${line}: ${source}`).toBe(true);
    }
    const npmRuns = dockerfile.flatMap((line) => [...line.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!));
    expect(npmRuns).toContain('build');
    for (const script of npmRuns) expect(packageScripts[script], script).toBeDefined();
  });

  it('starts the built server itself, keeps DATA_DIR in a volume, and checks /readyz', () => {
    const cmd = dockerfile.find((line) => line.startsWith('CMD '))!;
    expect(JSON.parse(cmd.slice(4))).toEqual(['node', 'dist/server/index.js']);
    expect(read('scripts/build-server.mjs')).toContain("outfile: 'dist/server/index.js'");
    const dataDir = /DATA_DIR=(\S+)/.exec(dockerfile.find((line) => line.includes('DATA_DIR='))!)?.[1];
    expect(dockerfile).toContain(`VOLUME ["${dataDir}"]`);
    const healthcheck = dockerfile.find((line) => line.startsWith('HEALTHCHECK '))!;
    expect(healthcheck).toContain('/readyz');
    expect(declaredRoutes(app).map((route) => route.key)).toContain('GET /readyz');
    // Environment names the image sets are the server's.
    for (const name of dockerfile.filter((line) => line.startsWith('ENV ')).flatMap((line) => [...line.matchAll(/(\w+)=/g)].map((match) => match[1]!))) {
      expect(CONFIG_NAMES, name).toContain(name);
    }
  });

  it('leaves what is not the app out of its build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as { services: Record<string, { image?: string; build?: string; environment?: Record<string, string>; healthcheck?: unknown; volumes?: string[] }> };

  it('runs the app built here beside Postgres 15', () => {
    expect(compose.services.db!.image).toBe('postgres:15');
    expect(compose.services.db!.healthcheck).toBeDefined();
    expect(compose.services.app!.build).toBe('.');
    expect(compose.services.app!.volumes).toContain('data:/data');
  });

  it("gives the app only settings server/config.ts reads, the database's among them", () => {
    const environment = compose.services.app!.environment!;
    for (const name of Object.keys(environment)) expect(CONFIG_NAMES, name).toContain(name);
    for (const required of ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'DATA_DIR']) expect(Object.keys(environment)).toContain(required);
    expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/steadfast:\$\{POSTGRES_PASSWORD\}@db:5432\/steadfast$/);
    expect(environment.DATA_DIR).toBe('/data');
  });
});

describe('deploy/steadfast.service', () => {
  const unit = read('deploy/steadfast.service');

  it('starts the built server and names only settings the server reads', () => {
    const start = /^ExecStart=\/usr\/bin\/env ((?:\w+=\S+ )+)\/usr\/bin\/node dist\/server\/index\.js$/m.exec(unit);
    expect(start, 'ExecStart runs node dist/server/index.js with its settings').not.toBeNull();
    const names = start![1]!.trim().split(' ').map((pair) => pair.split('=')[0]!);
    expect(names).toEqual(expect.arrayContaining(['HOST', 'PORT', 'TRUST_PROXY']));
    for (const name of names) expect(CONFIG_NAMES, name).toContain(name);
    expect(unit).toMatch(/^User=steadfast$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/steadfast\/steadfast\.env$/m);
  });
});
