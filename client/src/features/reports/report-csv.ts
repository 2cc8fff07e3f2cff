import type { CommunityMember } from '@shared/contracts/communities';
import { i18n, msg } from '@/i18n';
import { roleName } from '@/i18n/labels';
import { csvDateStamp, toCsv } from '@/lib/csv';

/** SPEC.md section 9: the member report's columns (in the reader's language where written). */
export const REPORT_COLUMNS = [msg('Name'), msg('Email'), msg('Role'), msg('Join Date')] as const;

/** One row per member: name, e-mail, role as people read it, and the day they joined (YYYY-MM-DD, local); in the reader's language. */
export function memberReportCsv(members: readonly CommunityMember[]): string {
  return toCsv(
    REPORT_COLUMNS.map((column) => i18n._(column)),
    members.map((member) => [member.displayName, member.email, roleName(member.role), csvDateStamp(new Date(member.createdAt))]),
  );
}

/** 'community-report-2026-11-22.csv'. */
export const memberReportFilename = (date = new Date()) => `community-report-${csvDateStamp(date)}.csv`;
