import { openDatabase } from '../db/client';
import { writeDatabaseTemplate } from './database-template';
import { makePushTestCertificate } from './push-tls';

/**
 * Before the workers start: the push endpoint's certificate (the workers inherit NODE_EXTRA_CA_CERTS), and
 * with TEST_DATABASE_URL, that database migrated once (the workers would race); without it, the migrated
 * PGlite the test files start from (database-template.ts).
 */
export default async function setup() {
  markRunStart();
  const removeCertificate = makePushTestCertificate();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: url });
    await database.close();
    return removeCertificate;
  }
  const removeTemplate = await writeDatabaseTemplate();
  return () => {
    removeTemplate();
    removeCertificate();
  };
}

/** When this run began: setup.ts fails a file if mail newer than this appears in the checkout's ./data/outbox. */
function markRunStart() {
  process.env.STEADFAST_TEST_RUN_STARTED = String(Date.now());
}
