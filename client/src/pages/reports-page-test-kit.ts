import { screen, within } from '@testing-library/react';
import type { ReportsView } from '@shared/contracts/reports';
import { makeMembership, makeUser } from '@/test/fixtures';
import { type Handler, json, mockApi } from '@/test/api-mock';
import { renderApp } from '@/test/render-app';

// The /reports screen's fixtures, shared by its test files.

export const TODAY = new Date(2026, 10, 15, 10, 0, 0); // 15 November 2026, local time
export const reportsUrl = (month: number, year: number, scope?: 'community' | 'subgroup') => `/api/reports?month=${month}&year=${year}${scope ? `&scope=${scope}` : ''}`;

/** Twelve months ending with November 2026, oldest first. */
export const TREND = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(2025, 11 + index, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1, completionPercent: 5 * index + 3 };
});
export const TREND_LABELS = [
  'December 2025',
  'January 2026',
  'February 2026',
  'March 2026',
  'April 2026',
  'May 2026',
  'June 2026',
  'July 2026',
  'August 2026',
  'September 2026',
  'October 2026',
  'November 2026',
];

export function view(overrides: Partial<ReportsView> = {}): ReportsView {
  const report: Omit<ReportsView, 'membersTotal' | 'distribution' | 'membersNextCursor'> & Partial<ReportsView> = {
    month: 11,
    year: 2026,
    scope: 'subgroup',
    subgroupName: 'Alpha Group',
    canSeeCommunity: false,
    leftOut: [],
    disciplines: [
      { key: 'bibleReading', label: 'Bible Reading', completionPercent: 73 },
      { key: 'fasting', label: 'Fasting', completionPercent: 41 },
      { key: 'meditation', label: 'Meditation', completionPercent: 0 },
    ],
    members: [
      { userId: 'u1', displayName: 'Ruth Moab', completionPercent: 80, byDiscipline: { bibleReading: 93, fasting: 67, meditation: 10 } },
      { userId: 'u2', displayName: 'Naomi Ephrath', completionPercent: 52, byDiscipline: { bibleReading: 53, fasting: 15, meditation: 0 } },
    ],
    trend: TREND,
    streaks: [
      { userId: 'u2', displayName: 'Naomi Ephrath', streak: 12 },
      { userId: 'u1', displayName: 'Ruth Moab', streak: 1 },
      { userId: 'u3', displayName: 'Boaz of Bethlehem', streak: 0 },
    ],
    ...overrides,
  };
  return { membersTotal: report.members.length, distribution: [], membersNextCursor: null, ...report };
}

export function renderReports(routes: Record<string, Handler> = {}, roles: ('Member' | 'Commander' | 'CommunityModerator')[] = ['Member']) {
  const membership = makeMembership({ communityId: 'c1', role: roles[0]!, roles, community: { id: 'c1', name: 'Hope Chapel', description: null } });
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    [`GET ${reportsUrl(11, 2026)}`]: () => json(view()),
    ...routes,
  });
  return { ...renderApp('/reports'), api };
}

export const reportCalls = (api: ReturnType<typeof mockApi>) => api.requests.filter((request) => request.method === 'GET' && request.url.startsWith('/api/reports')).map((request) => request.url);

/** The cells of a data table, row by row (header row first). */
export const tableRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

export const card = (title: string) => screen.getByRole('heading', { name: title }).closest('div.rounded-2xl') as HTMLElement;
/** The Chart.js canvas of a card (the real charts render; jsdom has no 2D context, so they draw nothing). */
export const chartOf = (title: string) => card(title).querySelector('canvas');

/** Each test's clock and canvas: call from beforeEach. */
export function setUpReportsScreen() {
  vi.setSystemTime(TODAY);
  // Chart.js renders for real, but jsdom has no canvas context: answer null quietly (as jsdom does, without its
  // 'not implemented' notice) and keep Chart.js's complaint about it out of the log; everything else passes on.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    if (/can't acquire context/.test(text)) return;
    consoleError(...args);
  });
}
