import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseConnectError } from './db/connect-error';
import { DataDirLockedError } from './db/lock';
import { dailyKeysOf } from './features/tracking/disciplines';
import { summariseUnsummarised } from './features/tracking/month-summaries';
import { staticClient, viteDevClient } from './http/client';
import { ListenError, listen, listeningMessage } from './http/listen';
import { createLogger } from './logger';
import { resolvePushSetup } from './features/push/vapid';

const here = path.dirname(fileURLToPath(import.meta.url));
// server/index.ts in development, dist/server/index.js once built.
const projectRoot = path.basename(path.dirname(here)) === 'dist' ? path.resolve(here, '../..') : path.resolve(here, '..');
const SHUTDOWN_GRACE_MS = 10_000;

/** SESSION_SECRET, or one generated once and kept beside the embedded database. */
function resolveSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  if (config.DATABASE_URL && config.NODE_ENV === 'production') {
    throw new Error('SESSION_SECRET is required in production with DATABASE_URL (32 or more random characters).');
  }
  const secretPath = path.join(config.DATA_DIR, 'session-secret');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  if (!fs.existsSync(secretPath)) fs.writeFileSync(secretPath, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return fs.readFileSync(secretPath, 'utf8').trim();
}

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const sessionSecret = resolveSessionSecret(config);
  const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR }, { logger });
  logger.info({ database: database.kind, dataDir: database.kind === 'pglite' ? path.resolve(config.DATA_DIR) : undefined }, 'database ready');
  const summarised = await summariseUnsummarised(database.db, dailyKeysOf);
  if (summarised > 0) logger.info({ logs: summarised }, 'summarised daily logs written before month summaries');

  const clientHandler =
    config.NODE_ENV === 'production' ? staticClient(path.join(projectRoot, 'dist/client')) : await viteDevClient(projectRoot);
  const push = resolvePushSetup(config);
  if (!push.enabled) logger.warn('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are not set: push notifications are off');
  const { app, startDraining, whenIdle, close: closeApp } = createApp({ database, config, sessionSecret, logger, clientHandler, push });

  let server: Server;
  try {
    server = await listen(app, config);
  } catch (error) {
    await closeApp();
    await database.close();
    throw error;
  }
  logger.info(listeningMessage(server.address() as AddressInfo, config.HOST));
  // Longer than a load balancer's idle timeout (60 s on the common ones): otherwise this server may close a
  // kept-alive connection just as the balancer sends the next request on it, and that request fails.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('error', async (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, 'server error');
    await database.close();
    process.exit(1);
  });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: no new connections, draining requests');
    // Readiness turns 503 and every answer from now on closes its connection, so clients go elsewhere.
    startDraining();
    // Behind a load balancer: keep listening until it has seen the 503 and sends nothing more. Closing the
    // listener while it still sends would reset the connections waiting to be accepted.
    if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    const stoppedListening = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timed out'>((resolve) => (graceTimer = setTimeout(() => resolve('timed out'), SHUTDOWN_GRACE_MS)));
    // Every connection closed (each closes after its answer) and every accepted request finished.
    const drained = Promise.all([stoppedListening, whenIdle()]).then(() => 'drained' as const);
    const outcome = await Promise.race([drained, graceOver]);
    clearTimeout(graceTimer);
    if (outcome === 'timed out') {
      logger.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
      // A request stuck on the database would keep the pool from closing: exit regardless, a little later.
      setTimeout(() => process.exit(1), 5_000).unref();
    }
    server.closeAllConnections();
    // The database closes only after every accepted request has finished with it.
    await closeApp();
    await database.close();
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** A start refused for a reason the operator can fix, told in their terms: its message, without a stack trace. */
const isForTheOperator = (error: unknown): error is Error =>
  error instanceof DataDirLockedError ||
  error instanceof ListenError ||
  error instanceof DatabaseConnectError ||
  (error instanceof Error && /^(Invalid configuration|SESSION_SECRET|The client is not built)/.test(error.message));

main().catch((error: unknown) => {
  if (isForTheOperator(error)) {
    console.error(`Steadfast cannot start: ${error.message}`);
  } else {
    console.error('Steadfast failed to start:', error);
  }
  process.exit(1);
});
