import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { DatabaseConnectError, describeConnectFailure } from './db/connect-error';

/*
 * Starting the server (server/index.ts, run as `npm start` runs the build of it) against a database it
 * cannot use: one line saying what is wrong and what to change, no stack trace, and a non-zero exit.
 */
const projectRoot = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { TEST_DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: projectRoot,
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: '0', SESSION_SECRET: 'start-test-secret-long-enough-for-cookies', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** A port on 127.0.0.1 that nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const postgresUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const postgresReachable = async () => {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 });
  const reachable = await client.connect().then(
    () => true,
    () => false,
  );
  await client.end().catch(() => {});
  return reachable;
};

describe('starting against a database that cannot be used', () => {
  it('says in one line that nothing answers at a closed port, and exits 1', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await startServer({ DATABASE_URL: `postgres://user@127.0.0.1:${port}/steadfast` });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `Steadfast cannot start: could not connect to Postgres at 127.0.0.1:${port}, database steadfast, as user (DATABASE_URL): the connection was refused. ` +
        'Is Postgres running there, and are the host and port in DATABASE_URL right?\n',
    );
  });

  it('says in one line that a role in DATABASE_URL does not exist (README\'s "user", copied literally), and exits 1', async (context) => {
    if (!(await postgresReachable())) return context.skip();
    const url = new URL(postgresUrl);
    url.username = 'steadfast_no_such_role';
    url.pathname = '/steadfast';
    const { code, stderr } = await startServer({ DATABASE_URL: url.toString() });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Steadfast cannot start: could not connect to Postgres at ${url.hostname}:${url.port || 5432}, database steadfast, as steadfast_no_such_role (DATABASE_URL): ` +
        'role "steadfast_no_such_role" does not exist. Put a Postgres role that exists in DATABASE_URL: postgres://<role>@<host>:<port>/<database> (often your login name).',
    ]);
  });
});

describe('describeConnectFailure', () => {
  const url = 'postgres://pastor:s3cret@db.example.org:6543/flock';
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('names where it tried, never the password, and what to change', () => {
    expect(describeConnectFailure(url, failure('3D000', 'database "flock" does not exist'))).toBe(
      'could not connect to Postgres at db.example.org:6543, database flock, as pastor (DATABASE_URL): database "flock" does not exist. Create it (createdb flock) or name an existing one in DATABASE_URL.',
    );
    expect(describeConnectFailure(url, failure('28P01', 'password authentication failed for user "pastor"'))).toMatch(/: password authentication failed for user "pastor"\. Check the user and password in DATABASE_URL\.$/);
    expect(describeConnectFailure(url, failure('ENOTFOUND', 'getaddrinfo ENOTFOUND db.example.org'))).toMatch(/: the host db\.example\.org is not known\. Check the host in DATABASE_URL\.$/);
    expect(describeConnectFailure('postgres://pastor@db.example.org/flock', new Error('SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string'))).toMatch(
      /: Postgres asks for a password\. Put it in DATABASE_URL: postgres:\/\/<role>:<password>@<host>:<port>\/<database>\.$/,
    );
    expect(describeConnectFailure(url, new Error('timeout exceeded when trying to connect'))).toMatch(/: no answer within 5 s\. Is Postgres running there/);
    expect(describeConnectFailure('postgres://localhost/steadfast', failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toMatch(
      /^could not connect to Postgres at localhost:5432, database steadfast \(DATABASE_URL\): the connection was refused\./,
    );
    expect(describeConnectFailure('not a url', new Error('Invalid URL'))).toBe('could not connect to the Postgres named by DATABASE_URL (DATABASE_URL): Invalid URL');
    for (const code of ['3D000', '28P01', 'ENOTFOUND', 'XX000']) expect(describeConnectFailure(url, failure(code, 'something'))).not.toContain('s3cret');
  });

  it('keeps the original error as the cause', () => {
    const original = failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    expect(new DatabaseConnectError(url, original).cause).toBe(original);
  });
});
