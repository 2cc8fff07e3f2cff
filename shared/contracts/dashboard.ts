import { z } from 'zod';
import type { CommunityView } from './communities';
import { calendarDate } from './fields';
import type { GuidanceView } from './guidance';
import { type DailyLogView, type DisciplineTargets, type DisciplineView, type MemberStreaksView, monthField, yearField } from './tracking';

/**
 * GET /api/communities/{id}/dashboard?month&year&date: what the dashboard's first screen shows of one's
 * own in one request (issue 13: at most 6 requests on first load). Each part is exactly what its own
 * endpoint answers, so the client files each under that endpoint's cache entry.
 */
export const dashboardQuery = z.object({
  month: monthField,
  year: yearField,
  /** The viewer's today, as the streaks call takes it. */
  date: calendarDate('Date must be YYYY-MM-DD'),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export interface DashboardView {
  community: CommunityView;
  disciplines: DisciplineView[];
  dailyLog: DailyLogView;
  targets: DisciplineTargets;
  streaks: MemberStreaksView;
  guidance: GuidanceView;
}
