import { MEMBER_EXPORT_HEADERS, type MemberExportRow } from '@shared/contracts/communities';
import { DAY_STATUS_LABELS } from '@shared/domain/constants';
import { MONTHLY_GOAL_KEYS, type TargetKey } from '@shared/domain/disciplines';
import { i18n } from '@/i18n';
import { roleName, targetName } from '@/i18n/labels';
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

const isMonthlyGoal = (key: TargetKey) => (MONTHLY_GOAL_KEYS as readonly string[]).includes(key);

/** Display Name, Email, Role and the nine targets: the export's headers in the reader's language (SPEC.md's words in English). */
export const exportColumns = () => [i18n._(MEMBER_EXPORT_HEADERS.displayName), i18n._(MEMBER_EXPORT_HEADERS.email), i18n._(MEMBER_EXPORT_HEADERS.role), ...EXPORT_TARGET_KEYS.map(targetName)];

/**
 * One row per member (rows of GET /api/export/csv), in the reader's language: the headers, the role as people read
 * it ('Community Moderator', 'Moderador de la comunidad') and a fixed goal's Yes. What members typed stays as typed.
 */
export function membersCsv(members: readonly MemberExportRow[]): string {
  // A monthly goal's Yes is ours to translate; a daily target is what the member typed.
  const value = (key: TargetKey, text: string | null | undefined) => (text === 'Yes' && isMonthlyGoal(key) ? i18n._(DAY_STATUS_LABELS.Yes) : (text ?? ''));
  const rows: CsvValue[][] = members.map((member) => [member.displayName, member.email, roleName(member.role), ...EXPORT_TARGET_KEYS.map((key) => value(key, member[key]))]);
  return toCsv(exportColumns(), rows);
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
