// argon2 at full strength costs ~50 ms a hash; tests keep it, since they must exercise the real hashing.
process.env.TZ = 'UTC';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

// Test apps write under the temp directory (testConfig's DATA_DIR) or send to a test SMTP server: mail in the
// checkout's ./data/outbox newer than this run (global-setup.ts) fails the file that finds it.
afterAll(() => {
  const outbox = path.resolve(import.meta.dirname, '../../data/outbox');
  const since = Number(process.env.STEADFAST_TEST_RUN_STARTED ?? Date.now());
  const written = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => fs.statSync(path.join(outbox, name)).mtimeMs >= since) : [];
  if (written.length > 0) throw new Error(`a server test wrote ${written.length} message(s) into ${outbox}, the checkout: ${written.slice(0, 5).join(', ')}`);
});
