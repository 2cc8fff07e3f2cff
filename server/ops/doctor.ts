import { spawnSync } from 'node:child_process';
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { clientSettings, settingHash } from '../../scripts/lib/build-inputs.mjs';
import { type Config, loadConfig } from '../config';
import { isWellFormedHostEntry } from '../features/push/endpoint-policy';
import { checkDatabase, checkSmtp } from './doctor-services';

/**
 * `npm run doctor` (issue 42 item 2): checks a configuration before it is trusted and says what is wrong in
 * plain words. Every check gives one finding; a `problem` makes the command exit non-zero, a `note` is said
 * and passes (mail to .eml files on a laptop, migrations a start will apply).
 */
export interface Finding {
  check: string;
  status: 'ok' | 'note' | 'problem';
  message: string;
}

/** Below this much free space in DATA_DIR the embedded database, backups and the outbox may run out. */
export const MIN_FREE_BYTES = 512 * 1024 * 1024;

const finding = (check: string, status: Finding['status'], message: string): Finding => ({ check, status, message });

export async function examine(env: NodeJS.ProcessEnv, root: string): Promise<Finding[]> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    // Every value the server would refuse at start, one finding each, in the words it would use.
    const lines = (error instanceof Error ? error.message : String(error)).split('\n').slice(1).map((line) => line.trim());
    return lines.map((line) => finding(line.split(':')[0] ?? 'configuration', 'problem', line));
  }
  const production = config.NODE_ENV === 'production';
  return [
    checkPublicUrl(config, production),
    checkSessionSecret(config, production),
    checkDataDir(config),
    await checkDatabase(config),
    await checkSmtp(config, production),
    checkVapid(config, production),
    checkPushHosts(config),
    checkFirebase(config, root, env),
    checkBackups(config, env),
  ];
}

function checkPublicUrl(config: Config, production: boolean): Finding {
  if (!config.PUBLIC_URL) {
    return production
      ? finding('PUBLIC_URL', 'problem', 'PUBLIC_URL is not set: links in e-mails would point at localhost. Set it to the address people open, e.g. https://steadfast.example.org.')
      : finding('PUBLIC_URL', 'note', 'PUBLIC_URL is not set: links in e-mails point at this machine (fine on a laptop).');
  }
  if (production && !config.PUBLIC_URL.startsWith('https://')) {
    return finding('PUBLIC_URL', 'problem', `PUBLIC_URL is ${config.PUBLIC_URL}: in production it must start with https:// (sign-in cookies are sent only over HTTPS).`);
  }
  return finding('PUBLIC_URL', 'ok', `PUBLIC_URL is ${config.PUBLIC_URL}.`);
}

function checkSessionSecret(config: Config, production: boolean): Finding {
  if (config.SESSION_SECRET) return finding('SESSION_SECRET', 'ok', `SESSION_SECRET is set (${config.SESSION_SECRET.length} characters).`);
  if (config.DATABASE_URL && production) {
    return finding('SESSION_SECRET', 'problem', 'SESSION_SECRET is not set: with DATABASE_URL in production every server needs the same one (48 random bytes: openssl rand -base64 48).');
  }
  return finding('SESSION_SECRET', 'ok', `SESSION_SECRET is not set: the server generates one into ${path.join(config.DATA_DIR, 'session-secret')} and keeps it.`);
}

function checkDataDir(config: Config): Finding {
  const dir = path.resolve(config.DATA_DIR);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    fs.writeFileSync(probe, 'steadfast doctor');
    fs.rmSync(probe);
  } catch (error) {
    return finding('DATA_DIR', 'problem', `DATA_DIR ${dir} cannot be written: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. The server keeps its database, backups and secrets there.`);
  }
  const { bavail, bsize } = fs.statfsSync(dir);
  const free = bavail * bsize;
  const size = `${(free / 1024 ** 3).toFixed(1)} GiB`;
  if (free < MIN_FREE_BYTES) return finding('DATA_DIR', 'problem', `DATA_DIR ${dir} has only ${size} free: keep at least 0.5 GiB for the database, backups and mail.`);
  return finding('DATA_DIR', 'ok', `DATA_DIR ${dir} is writable, with ${size} free.`);
}

const fromBase64Url = (text: string) => Buffer.from(text, 'base64url');

/** The public key an ECDH P-256 private key goes with: a pair whose halves do not match signs pushes no service accepts. */
function checkVapid(config: Config, production: boolean): Finding {
  let keys: { publicKey?: string; privateKey?: string; subject?: string } = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  const given = Object.values(keys).filter(Boolean).length;
  if (given > 0 && given < 3) return finding('VAPID keys', 'problem', 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three, or none.');
  let source = 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY';
  if (given === 0) {
    if (config.DATABASE_URL && production) return finding('VAPID keys', 'note', 'No VAPID keys: push notifications are off (npx web-push generate-vapid-keys makes a pair; give every server the same).');
    const file = path.join(config.DATA_DIR, 'vapid-keys.json');
    if (!fs.existsSync(file)) return finding('VAPID keys', 'ok', `No VAPID keys: the server generates a pair into ${file} at its first start.`);
    try {
      keys = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof keys;
    } catch {
      return finding('VAPID keys', 'problem', `${file} cannot be read as the server's VAPID keys: delete it and the server generates a new pair (devices then subscribe again).`);
    }
    source = file;
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(fromBase64Url(keys.privateKey ?? ''));
    if (!ecdh.getPublicKey().equals(fromBase64Url(keys.publicKey ?? ''))) throw new Error('mismatch');
  } catch {
    return finding('VAPID keys', 'problem', `${source}: the public and private keys are not a pair (or not P-256 keys in base64url): push services would refuse every message. Generate a new pair with npx web-push generate-vapid-keys.`);
  }
  if (!/^(mailto:|https:\/\/)/.test(keys.subject ?? '')) return finding('VAPID keys', 'problem', `VAPID_SUBJECT is ${keys.subject}: it must be mailto:you@example.org or an https:// address push services can reach you at.`);
  return finding('VAPID keys', 'ok', `The VAPID keys (${source}) are a valid pair; push is on.`);
}

function checkPushHosts(config: Config): Finding {
  const entries = config.PUSH_ENDPOINT_HOSTS;
  const bad = entries.filter((entry) => !isWellFormedHostEntry(entry));
  if (bad.length > 0) return finding('PUSH_ENDPOINT_HOSTS', 'problem', `PUSH_ENDPOINT_HOSTS has entries that are not host names: ${bad.join(', ')}.`);
  return finding('PUSH_ENDPOINT_HOSTS', 'ok', `Pushes may go to ${entries.length} push service ${entries.length === 1 ? 'host' : 'hosts'}: ${entries.join(', ')}.`);
}

/** Scheduled backups: on Postgres they need pg_dump on the server's PATH. */
function checkBackups(config: Config, env: NodeJS.ProcessEnv): Finding {
  if (!config.BACKUP_SCHEDULE) return finding('Backups', 'note', 'BACKUP_SCHEDULE is not set: no backup is written unless someone runs one (README, Backups).');
  const when = `${config.BACKUP_SCHEDULE} (the server's time zone), keeping the newest ${config.BACKUP_KEEP} in ${path.join(path.resolve(config.DATA_DIR), 'backups')}`;
  if (!config.DATABASE_URL) return finding('Backups', 'ok', `A backup is written ${when}.`);
  const dump = spawnSync('pg_dump', ['--version'], { env, encoding: 'utf8' });
  if (dump.error || dump.status !== 0) return finding('Backups', 'problem', 'BACKUP_SCHEDULE is set, but pg_dump is not on the PATH: no backup of Postgres can be written. Install the PostgreSQL client of your server\'s version (e.g. apt-get install postgresql-client-15).');
  return finding('Backups', 'ok', `A backup is written ${when}, with ${dump.stdout.trim()} (it must be as new as the database server).`);
}

/**
 * The Google sign-in settings the client was built with, or will be, must be the server's. The build stamps
 * each client setting as a hash of its value (dist/.build-stamp); not built yet, the settings the build npm
 * start makes first will get. Compared as hashes, so the message can name the server's value only.
 */
function checkFirebase(config: Config, root: string, env: NodeJS.ProcessEnv): Finding {
  const stampFile = path.join(root, 'dist', '.build-stamp');
  const built = fs.existsSync(stampFile)
    ? ((JSON.parse(fs.readFileSync(stampFile, 'utf8')) as { settings?: Record<string, string> }).settings ?? {})
    : Object.fromEntries(Object.entries(clientSettings(root, env)).map(([name, value]) => [name, settingHash(value)]));
  const sameAs = (name: string, value: string | undefined) => (built[name] ?? null) === (value === undefined ? null : settingHash(value));
  const server = config.FIREBASE_PROJECT_ID;
  if (!sameAs('VITE_FIREBASE_PROJECT_ID', server)) {
    const client = built.VITE_FIREBASE_PROJECT_ID ? 'another project' : 'none';
    return finding(
      'Firebase',
      'problem',
      `Google sign-in does not match: the client build has ${client === 'none' ? 'no VITE_FIREBASE_PROJECT_ID' : 'a VITE_FIREBASE_PROJECT_ID other than the server\'s'}, and the server has FIREBASE_PROJECT_ID ${server ? `'${server}'` : 'none'}. Set both to the same project (then npm run build), or neither.`,
    );
  }
  if (server && !sameAs('VITE_FIREBASE_AUTH_DOMAIN', config.VITE_FIREBASE_AUTH_DOMAIN)) {
    return finding('Firebase', 'problem', `VITE_FIREBASE_AUTH_DOMAIN differs between the client build and the server (${config.VITE_FIREBASE_AUTH_DOMAIN ?? 'none'}): Google's sign-in frame would be blocked. Set the same in both, then npm run build.`);
  }
  return finding('Firebase', server ? 'ok' : 'note', server ? `Google sign-in is set up for project ${server}, in the client build and the server alike.` : 'Google sign-in is off (no Firebase project set).');
}
