import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { apiMessage, fill } from '@shared/domain/messages';
import type { Role } from '@shared/domain/constants';
import { nameKey } from '@shared/domain/identity';
import { users } from '@shared/schema/auth';
import { memberships } from '@shared/schema/communities';
import type { Executor } from '../../db/client';
import { ADMIN_ROLE_IN_FILE_MESSAGE, type ImportRow, isAdminRole } from './csv-rows';
import { yieldToEventLoop } from './csv-parse';
import { BATCH, inBatches, ROWS_PER_TURN } from './import-writes';

/**
 * Who each row of an import is about (DECISIONS.md "Imported members and claiming"). A row is matched only
 * against the importing community's own members: its imported records by e-mail, else by name, and its
 * real members by e-mail. Nothing outside the community is read, so no answer depends on whether an e-mail
 * has an account elsewhere, and no other community's record is adopted or written. A real member's row
 * changes nothing of theirs; every other row resolves to one of the community's imported records, found or
 * still to create.
 */


interface ImportedRecord {
  id: string;
  email: string | null;
  displayName: string;
}

/** A row with the imported record it is about (null: one to create) and that record's membership here. */
export type Resolved = ImportRow & { user: ImportedRecord | null; membership: { id: string; roles: Role[] } | null; userId?: string };

type Refuse = (row: ImportRow, message: string) => void;

const emailText = (row: ImportRow) => (row.email ? `"${row.email}"` : `The name "${row.displayName}"`);

/** The community's own imported records with these e-mails or names, and its real members with these e-mails. */
async function findMembers(tx: Executor, communityId: string, rows: ImportRow[]) {
  const emails = [...new Set(rows.flatMap((row) => (row.email ? [row.email] : [])))];
  // One spelling per name; Postgres lowers both sides, as its unique index on lower(display_name) does.
  const names = [...new Map(rows.flatMap((row) => (row.displayName ? [[nameKey(row.displayName), row.displayName] as const] : []))).values()];
  const imported: ImportedRecord[] = [];
  const realMembers = new Set<string>();
  const lookups = Math.max(Math.ceil(emails.length / BATCH), Math.ceil(names.length / BATCH));
  for (let i = 0; i < lookups; i++) {
    const someEmails = emails.slice(i * BATCH, (i + 1) * BATCH);
    const someNames = names.slice(i * BATCH, (i + 1) * BATCH);
    imported.push(
      ...(await tx
        .select({ id: users.id, email: users.email, displayName: users.displayName })
        .from(users)
        .where(
          and(
            eq(users.isImported, true),
            eq(users.importedCommunityId, communityId),
            or(
              someEmails.length > 0 ? inArray(users.email, someEmails) : undefined,
              someNames.length > 0 ? sql`lower(${users.displayName}) IN (${sql.join(someNames.map((name) => sql`lower(${name})`), sql`, `)})` : undefined,
            ),
          ),
        )
        // A claim deleting one of them waits for this import (and this import does not see a record claimed meanwhile).
        .for('share')),
    );
    await yieldToEventLoop();
    if (someEmails.length === 0) continue;
    const real = await tx
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.communityId, communityId), eq(users.isImported, false), inArray(users.email, someEmails)));
    for (const member of real) realMembers.add(member.email!);
  }

  const membershipsByUser = new Map<string, { id: string; roles: Role[] }>();
  for await (const ids of inBatches(imported.map((user) => user.id))) {
    const here = await tx
      .select({ id: memberships.id, userId: memberships.userId, roles: memberships.roles })
      .from(memberships)
      .where(and(eq(memberships.communityId, communityId), inArray(memberships.userId, ids)));
    for (const membership of here) membershipsByUser.set(membership.userId, { id: membership.id, roles: membership.roles });
  }
  return {
    importedByEmail: new Map(imported.flatMap((user) => (user.email ? [[user.email, user] as const] : []))),
    importedByName: new Map(imported.map((user) => [nameKey(user.displayName), user] as const)),
    realMembers,
    membershipsByUser,
  };
}

/**
 * Finds the record of each row: the community's imported record with the row's e-mail, else a real member
 * with it (the row changes nothing and goes to `alreadyMember`), else the imported record
 * with the row's name (refused when it has another e-mail), else a record to create. Also refuses a person
 * already named by an earlier row and a new member without a name; an admin role the member does not hold
 * is left out (a refused cell), not the member.
 * An imported record takes precedence over a real member with the same e-mail: it holds the file's
 * history until its person claims it, so importing the file again changes nothing.
 */
export async function resolveRows(tx: Executor, communityId: string, rows: ImportRow[], refuse: Refuse, alreadyMember: (row: ImportRow) => void): Promise<Resolved[]> {
  const { importedByEmail, importedByName, realMembers, membershipsByUser } = await findMembers(tx, communityId, rows);
  const resolved: Resolved[] = [];
  // Who each earlier row was about: a record, an e-mail, a name.
  const seen = new Map<string, number>();
  for (const row of rows) {
    let user = row.email ? importedByEmail.get(row.email) : undefined;
    const realMember = !user && row.email !== null && realMembers.has(row.email);
    if (!user && !realMember && row.displayName) {
      const holder = importedByName.get(nameKey(row.displayName));
      if (holder && row.email && holder.email && holder.email !== row.email) {
        refuse(row, fill(apiMessage('The name "{name}" belongs to another member here (with a different e-mail)'), { name: row.displayName ?? '' }));
        continue;
      }
      user = holder;
    }
    const keys = [user ? `user:${user.id}` : '', row.email ? `email:${row.email}` : '', row.displayName ? `name:${nameKey(row.displayName)}` : ''].filter(Boolean);
    const earlier = keys.map((key) => seen.get(key)).find((sheetRow) => sheetRow !== undefined);
    if (earlier !== undefined) {
      refuse(row, fill(apiMessage('The same member as row {row}: each member takes one row'), { row: earlier }));
      continue;
    }
    const remember = () => keys.forEach((key) => seen.set(key, row.sheetRow));
    if (realMember) {
      remember();
      alreadyMember(row);
      continue;
    }
    if (!user && !row.displayName) {
      refuse(row, fill(apiMessage('{who} is not a member yet: a new member needs a name (map the name column, or the first- and last-name columns, or fill it in)'), { who: emailText(row) }));
      continue;
    }
    const membership = user ? (membershipsByUser.get(user.id) ?? null) : null;
    remember();
    // An admin role in a file is refused, unless the member already holds it here (an export read back in):
    // that cell is left out, and the member keeps their role (a new one is a Member).
    if (isAdminRole(row.role) && !membership?.roles.includes(row.role!)) {
      resolved.push({ ...row, role: null, refusedCells: [...row.refusedCells, { column: row.roleColumn ?? 'Role', message: ADMIN_ROLE_IN_FILE_MESSAGE }], user: user ?? null, membership, userId: user?.id });
      continue;
    }
    resolved.push({ ...row, user: user ?? null, membership, userId: user?.id });
  }
  return resolved;
}

/**
 * Creates the new people as imported members of this community (no password, cannot sign in); returns how
 * many. A record found by name without an e-mail takes the row's e-mail (so its person can claim it), unless
 * another imported record of the community has that e-mail.
 */
export async function createImportedMembers(tx: Executor, communityId: string, rows: Resolved[], refuse: Refuse): Promise<number> {
  const fresh = rows.filter((row) => row.user === null);
  let created = 0;
  for await (const batch of inBatches(fresh)) {
    const inserted = await tx
      .insert(users)
      .values(batch.map((row) => ({ email: row.email, displayName: row.displayName!, isImported: true, importedCommunityId: communityId, passwordHash: null })))
      // Only a change racing this import could hold the name or e-mail by now: that row is refused, not the file.
      .onConflictDoNothing()
      .returning({ id: users.id, displayName: users.displayName });
    const ids = new Map(inserted.map((user) => [nameKey(user.displayName), user.id]));
    for (const row of batch) {
      const id = ids.get(nameKey(row.displayName!));
      if (id) {
        row.userId = id;
        created++;
      } else {
        refuse(row, fill(apiMessage('{who} was added by another change during the import; import the file again'), { who: emailText(row) }));
      }
    }
  }
  const gettingEmails = rows.filter((row) => row.user?.email === null && row.email);
  for await (const batch of inBatches(gettingEmails, ROWS_PER_TURN)) {
    for (const row of batch) {
      const holder = sql`SELECT 1 FROM ${users} AS holder WHERE holder.is_imported AND holder.imported_community_id = ${communityId} AND holder.email = ${row.email}`;
      await tx
        .update(users)
        .set({ email: row.email })
        .where(and(eq(users.id, row.user!.id), eq(users.importedCommunityId, communityId), isNull(users.email), sql`NOT EXISTS (${holder})`));
    }
  }
  return created;
}
