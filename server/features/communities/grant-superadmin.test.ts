import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { users } from '@shared/schema/auth';
import { openDatabase } from '../../db/client';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** `npm run grant-superadmin -- <e-mail>`, on an embedded database of its own. */
async function grant(dataDir: string, email: string) {
  try {
    const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/grant-superadmin.ts', email], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

// Each case starts the script in its own process (tsx and an embedded database): allow for a busy machine.
describe('npm run grant-superadmin', { timeout: 90_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-grant-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('makes an existing account a SuperAdmin by e-mail (any case), and refuses an unknown e-mail', async () => {
    const database = await openDatabase({ dataDir });
    const [user] = await database.db.insert(users).values({ email: 'pastor@example.org', displayName: 'Pastor John', passwordHash: 'x' }).returning();
    await database.close();

    const granted = await grant(dataDir, ' Pastor@Example.org ');
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.output).toContain('pastor@example.org is now a SuperAdmin.');

    const unknown = await grant(dataDir, 'nobody@example.org');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the e-mail nobody@example.org.');

    const reopened = await openDatabase({ dataDir });
    const [row] = await reopened.db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, user!.id));
    await reopened.close();
    expect(row?.isSuperAdmin).toBe(true);
  });

  it('refuses while a server holds the embedded database', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const refused = await grant(dataDir, 'pastor@example.org');
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by another Steadfast process/);
    } finally {
      await database.close();
    }
  });
});
