import { z } from 'zod';
import { cursorField } from './fields';
import { monthField, yearField } from './tracking';
import { msg } from '../domain/messages';

/** GET /api/reports?month&year[&scope]: one request for the whole /reports screen. */
export const reportsQuery = z.object({
  month: monthField,
  year: yearField,
  /** Admins see the community by default and may ask for their own subgroup; everyone else sees their subgroup. */
  scope: z.enum(['community', 'subgroup'], { error: msg('Scope must be community or subgroup') }).optional(),
});
export type ReportsQuery = z.input<typeof reportsQuery>;

/** GET /api/reports/members?month&year[&scope]&cursor: the member table's next page. */
export const reportMembersQuery = reportsQuery.extend({
  cursor: cursorField,
});
export type ReportMembersQuery = z.input<typeof reportMembersQuery>;

/** How many members of the scope kept the month within `from`..`to` percent. */
export interface CompletionBand {
  from: number;
  to: number;
  members: number;
}

export interface ReportMembersPage {
  members: MemberCompletion[];
  /** Where the next page starts (GET /api/reports/members), or null on the last page. */
  nextCursor: string | null;
}

export interface DisciplineCompletion {
  key: string;
  label: string;
  /** Mean monthly progress (SPEC.md section 9) of the members in scope for this discipline, 0-100. */
  completionPercent: number;
}

export interface MemberCompletion {
  userId: string;
  displayName: string;
  /** The member's monthly progress over the daily disciplines, 0-100. */
  completionPercent: number;
  byDiscipline: Record<string, number>;
}

export interface MonthPoint {
  year: number;
  month: number;
  completionPercent: number;
}

export interface MemberStreak {
  userId: string;
  displayName: string;
  /** Days in a row with at least one daily discipline kept, as of the community's today. */
  streak: number;
}

export interface ReportsView {
  month: number;
  year: number;
  /** Whose numbers `disciplines` and `members` hold: none when the viewer has no subgroup and is not an admin. */
  scope: 'community' | 'subgroup' | 'none';
  /** The subgroup's name when scope is subgroup. */
  subgroupName: string | null;
  /** Whether the viewer may switch to the community scope. */
  canSeeCommunity: boolean;
  disciplines: DisciplineCompletion[];
  /**
   * The daily disciplines kept in secret that `disciplines`, `members` and `distribution` leave out for this viewer
   * (their labels); the viewer's own `trend` counts every discipline. Empty for those who see them.
   */
  leftOut: string[];
  /** How many members are in scope (imported records only where their history has that month). */
  membersTotal: number;
  /** The scope's members by completion band, 0-9 % up to 90-100 %: the chart, whatever the congregation's size. */
  distribution: CompletionBand[];
  /** The first page of the scope's members, most faithful first; the rest from GET /api/reports/members. */
  members: MemberCompletion[];
  membersNextCursor: string | null;
  /** The viewer's own completion for the 12 months ending with the chosen one, oldest first. */
  trend: MonthPoint[];
  /** The current streaks of the viewer's subgroup (empty without one), longest first. */
  streaks: MemberStreak[];
}
