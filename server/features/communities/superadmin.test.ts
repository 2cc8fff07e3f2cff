import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { auditLogs } from '@shared/schema/audit';
import { users } from '@shared/schema/auth';
import { communities, institutions, memberships, subgroups } from '@shared/schema/communities';
import { openDatabase } from '../../db/client';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** `npm run grant-superadmin -- <e-mail>` (or revoke-), on an embedded database of its own. */
async function superadmin(action: 'grant' | 'revoke', dataDir: string, email: string) {
  try {
    const { stdout, stderr } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/superadmin.ts', action, email], {
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
describe('npm run grant-superadmin and revoke-superadmin', { timeout: 90_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steadfast-grant-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('makes an existing account a SuperAdmin by e-mail (any case), and refuses an unknown e-mail', async () => {
    const database = await openDatabase({ dataDir });
    // An imported record carrying the same address, unclaimed, written first: it is not the account.
    const [imported] = await database.db.insert(users).values({ email: 'pastor@example.org', displayName: 'Pastor John (imported)', isImported: true }).returning();
    const [user] = await database.db.insert(users).values({ email: 'pastor@example.org', displayName: 'Pastor John', passwordHash: 'x' }).returning();
    await database.close();

    const granted = await superadmin('grant', dataDir, ' Pastor@Example.org ');
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.output).toContain('pastor@example.org is now a SuperAdmin.');
    // Said again, it says nothing changed rather than announcing it anew.
    const again = await superadmin('grant', dataDir, 'pastor@example.org');
    expect(again).toMatchObject({ code: 0 });
    expect(again.output).toContain('pastor@example.org is already a SuperAdmin: nothing changed.');

    const unknown = await superadmin('grant', dataDir, 'nobody@example.org');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account has the e-mail nobody@example.org.');

    const reopened = await openDatabase({ dataDir });
    const [row] = await reopened.db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, user!.id));
    const [record] = await reopened.db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, imported!.id));
    await reopened.close();
    expect(row?.isSuperAdmin).toBe(true);
    expect(record?.isSuperAdmin).toBe(false);
  });

  it('revokes it, releasing the subgroups the account led only as a SuperAdmin and keeping those it leads as a Commander', async () => {
    const database = await openDatabase({ dataDir });
    const [operator] = await database.db.insert(users).values({ email: 'operator@example.org', displayName: 'Operator', passwordHash: 'x', isSuperAdmin: true }).returning();
    const [institution] = await database.db.insert(institutions).values({ name: 'Diocese' }).returning();
    const led: Record<string, string> = {};
    for (const roles of [['Member'], ['Commander']] as const) {
      const [community] = await database.db.insert(communities).values({ institutionId: institution!.id, name: `Led as ${roles[0]}` }).returning();
      await database.db.insert(memberships).values({ userId: operator!.id, communityId: community!.id, roles: [...roles] });
      const [subgroup] = await database.db.insert(subgroups).values({ communityId: community!.id, name: 'Alpha', commanderId: operator!.id }).returning();
      led[roles[0]] = subgroup!.id;
    }
    await database.close();

    const revoked = await superadmin('revoke', dataDir, 'operator@example.org');
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.output).toContain('operator@example.org is no longer a SuperAdmin.');
    const again = await superadmin('revoke', dataDir, 'operator@example.org');
    expect(again.output).toContain('operator@example.org is not a SuperAdmin: nothing changed.');

    const reopened = await openDatabase({ dataDir });
    const [row] = await reopened.db.select({ isSuperAdmin: users.isSuperAdmin }).from(users).where(eq(users.id, operator!.id));
    const leaders = await reopened.db.select({ id: subgroups.id, commanderId: subgroups.commanderId }).from(subgroups).where(inArray(subgroups.id, Object.values(led)));
    const released = await reopened.db.select({ actorId: auditLogs.actorId, entityId: auditLogs.entityId }).from(auditLogs).where(eq(auditLogs.action, 'commander.update'));
    await reopened.close();
    // Written down with no actor: the server's operator has no account.
    expect(released).toEqual([{ actorId: null, entityId: led.Member }]);
    expect(row?.isSuperAdmin).toBe(false);
    expect(Object.fromEntries(leaders.map((leader) => [leader.id, leader.commanderId]))).toEqual({ [led.Member!]: null, [led.Commander!]: operator!.id });
  });

  it('refuses while a server holds the embedded database', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const refused = await superadmin('grant', dataDir, 'pastor@example.org');
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by another Steadfast process/);
    } finally {
      await database.close();
    }
  });
});
