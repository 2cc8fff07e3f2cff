// Runs a command with TEST_DATABASE_URL pointing at a freshly created Postgres database, dropped afterwards.
// Usage: node scripts/with-test-database.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `steadfast_test_${process.pid}_${Date.now()}`;
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
console.log(`Created throwaway database ${name}`);
let status = 1;
try {
  const [command, ...args] = process.argv.slice(2);
  const result = spawnSync(command, args, { stdio: 'inherit', shell: true, env: { ...process.env, TEST_DATABASE_URL: databaseUrl.toString() } });
  status = result.status ?? 1;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
  console.log(`Dropped ${name}`);
}
process.exit(status);
