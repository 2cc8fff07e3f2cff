import { openDatabase } from '../db/client';

/** With TEST_DATABASE_URL, migrate that database once before the workers start (they would race). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url });
  await database.close();
}
