import type { CommunityMember } from '@shared/contracts/communities';
import { roleLabel } from '@shared/domain/roles';
import { csvDateStamp, toCsv } from '@/lib/csv';

/** SPEC.md section 9: the member report's columns. */
export const REPORT_COLUMNS = ['Name', 'Email', 'Role', 'Join Date'] as const;

/** One row per member: name, e-mail, role as people read it, and the day they joined (YYYY-MM-DD, local). */
export function memberReportCsv(members: readonly CommunityMember[]): string {
  return toCsv(
    REPORT_COLUMNS,
    members.map((member) => [member.displayName, member.email, roleLabel(member.role), csvDateStamp(new Date(member.createdAt))]),
  );
}

/** 'community-report-2026-11-22.csv'. */
export const memberReportFilename = (date = new Date()) => `community-report-${csvDateStamp(date)}.csv`;
