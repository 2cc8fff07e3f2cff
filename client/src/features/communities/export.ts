import type { MemberExportRow } from '@shared/contracts/communities';
import { TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { roleLabel } from '@shared/domain/roles';
import { type CsvValue, csvDateStamp, toCsv } from '@/lib/csv';

/** The target columns of the member export (SPEC.md section 9), in order. */
export const EXPORT_TARGET_KEYS = [
  'bibleReading',
  'fasting',
  'morningIntimacy',
  'midnightPrayer',
  'meditation',
  'monthlyRetreat',
  'prayerWalk',
  'evangelism',
  'silenceHour',
] as const satisfies readonly TargetKey[];

export const EXPORT_COLUMNS = ['Display Name', 'Email', 'Role', ...EXPORT_TARGET_KEYS.map((key) => TARGET_LABELS[key])] as const;

/** Display Name, Email, Role (as people read it: 'Community Moderator') and the nine target columns, one row per member (rows of GET /api/export/csv). */
export function membersCsv(members: readonly MemberExportRow[]): string {
  const rows: CsvValue[][] = members.map((member) => [member.displayName, member.email, roleLabel(member.role), ...EXPORT_TARGET_KEYS.map((key) => member[key] ?? '')]);
  return toCsv(EXPORT_COLUMNS, rows);
}

/** 'members-hope-chapel-2026-11-21.csv'. */
export function membersCsvFilename(communityName: string, date = new Date()): string {
  const slug = communityName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `members-${slug ? `${slug}-` : ''}${csvDateStamp(date)}.csv`;
}
