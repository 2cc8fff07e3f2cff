import { screen, waitFor } from '@testing-library/react';
import type { CommunityMember } from '@shared/contracts/communities';
import { parseCsv } from '@/lib/csv';
import { makeMember, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { servesMembers } from '@/test/member-pages';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

// Administration > Reports: SPEC.md sections 2, 8 and 9, DECISIONS.md "Admin numbers and reports", CHECKLIST.md Q03-Q06.

const MEMBERS_URL = '/api/communities/c1/members';
/** Local times, so the expected join dates do not depend on the machine's time zone. */
const localIso = (year: number, monthIndex: number, day: number, hour = 0, minute = 30) => new Date(year, monthIndex, day, hour, minute).toISOString();

const ruth = makeMember({ displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'CommunityModerator', roles: ['CommunityModerator'], createdAt: localIso(2026, 2, 14, 9) });
// Half past midnight local time: the UTC date may still be the day before; the report uses the local day.
const boaz = makeMember({ displayName: 'Moab, Boaz', email: 'boaz@example.org', role: 'Commander', roles: ['Commander'], createdAt: localIso(2026, 3, 1, 0, 30) });
const mallory = makeMember({ displayName: '=HYPERLINK("http://evil.test")', email: '+mallory@example.org', role: 'Member', roles: ['Member'], createdAt: localIso(2026, 10, 21, 23, 45) });
const admin = makeMember({ displayName: 'Eli Shiloh', email: 'eli@example.org', role: 'InstitutionAdmin', roles: ['InstitutionAdmin'], createdAt: localIso(2025, 0, 5, 12) });

function renderReports(routes: Record<string, Handler> = {}) {
  const membership = makeMembership({
    communityId: 'c1',
    role: 'CommunityModerator',
    roles: ['CommunityModerator'],
    community: { id: 'c1', name: 'Hope Chapel', description: null },
  });
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([membership]),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    [`GET ${MEMBERS_URL}`]: servesMembers([ruth, boaz, mallory, admin] satisfies CommunityMember[]),
    ...routes,
  });
  return { ...renderApp('/admin?tab=reports'), api };
}

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => Object.assign(URL, original));

/** Catches what downloadCsv hands the browser: the Blob and the file name of the clicked link. */
function captureDownload() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    },
    revokeObjectURL: () => {},
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names, click };
}

const generateButton = async () => {
  const button = await screen.findByRole('button', { name: 'Generate Report' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

describe('Administration > Reports', () => {
  it("downloads community-report-{today}.csv with Name, Email, Role, Join Date, one row per member, and shows 'Report Generated'", async () => {
    vi.setSystemTime(new Date(2026, 10, 22, 0, 15)); // just after local midnight
    const download = captureDownload();
    const { user, api } = renderReports();
    await user.click(await generateButton());

    expect(await findToast('Report Generated')).toBeInTheDocument();
    expect(download.click).toHaveBeenCalledTimes(1);
    expect(download.names).toEqual(['community-report-2026-11-22.csv']);
    expect(download.blobs).toHaveLength(1);
    expect(download.blobs[0]!.type).toMatch(/^text\/csv/);

    const text = (await download.blobs[0]!.text()).replace(/^\uFEFF/, '');
    expect(parseCsv(text)).toEqual([
      ['Name', 'Email', 'Role', 'Join Date'],
      ['Ruth Moab', 'ruth@example.org', 'Community Moderator', '2026-03-14'],
      ['Moab, Boaz', 'boaz@example.org', 'Commander', '2026-04-01'],
      ["'=HYPERLINK(\"http://evil.test\")", "'+mallory@example.org", 'Member', '2026-11-21'],
      ['Eli Shiloh', 'eli@example.org', 'Institution Admin', '2025-01-05'],
    ]);
    // RFC 4180 as written: CRLF between records, a cell with a comma or quotes in double quotes (quotes doubled).
    expect(text).toBe(
      [
        'Name,Email,Role,Join Date',
        'Ruth Moab,ruth@example.org,Community Moderator,2026-03-14',
        '"Moab, Boaz",boaz@example.org,Commander,2026-04-01',
        `"'=HYPERLINK(""http://evil.test"")",'+mallory@example.org,Member,2026-11-21`,
        'Eli Shiloh,eli@example.org,Institution Admin,2025-01-05',
      ].join('\r\n'),
    );
    expect(api.requests.filter((request) => request.url.startsWith(MEMBERS_URL))).toHaveLength(1);
  });

  it('dates the file and the join dates by the local calendar day, not the UTC one', async () => {
    // The machine running the tests may be on UTC, where local and UTC days agree: move to Auckland (UTC+13 in
    // November, UTC+13 on 31 March) for this test, where they differ.
    const previousTz = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      vi.setSystemTime(new Date('2026-11-21T11:15:00.000Z')); // 22 November, 00:15 in Auckland
      const download = captureDownload();
      const lateInMarch = makeMember({ displayName: 'Lydia', email: 'lydia@example.org', createdAt: '2026-03-31T11:30:00.000Z' }); // 1 April, 00:30 there
      const { user } = renderReports({ [`GET ${MEMBERS_URL}`]: servesMembers([lateInMarch]) });
      await user.click(await generateButton());
      await findToast('Report Generated');
      expect(download.names).toEqual(['community-report-2026-11-22.csv']);
      const rows = parseCsv((await download.blobs[0]!.text()).replace(/^\uFEFF/, ''));
      expect(rows[1]).toEqual(['Lydia', 'lydia@example.org', 'Member', '2026-04-01']);
    } finally {
      if (previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = previousTz;
    }
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+Ruth', "'+Ruth"],
    ['-Ruth', "'-Ruth"],
    ['@Ruth', "'@Ruth"],
    ['\tRuth', "'\tRuth"],
    ['\rRuth', "'\rRuth"],
  ])('neutralises the formula-like name %j as %j', async (name, expected) => {
    const download = captureDownload();
    const { user } = renderReports({ [`GET ${MEMBERS_URL}`]: servesMembers([makeMember({ displayName: name, email: 'x@example.org' })]) });
    await user.click(await generateButton());
    await findToast('Report Generated');
    const rows = parseCsv((await download.blobs[0]!.text()).replace(/^\uFEFF/, ''));
    expect(rows[1]![0]).toBe(expected);
  });

  it("shows 'No Data' and downloads nothing when the community has no members", async () => {
    const download = captureDownload();
    const { user } = renderReports({ [`GET ${MEMBERS_URL}`]: servesMembers([]) });
    await user.click(await generateButton());

    expect(await findToast('No Data')).toHaveTextContent('No member data available to generate report.');
    expect(download.blobs).toHaveLength(0);
    expect(download.click).not.toHaveBeenCalled();
  });

  it("links 'View Reports' to /reports", async () => {
    const { user, location } = renderReports({ 'GET /api/reports': () => apiError(500, 'Not now.') });
    const link = await screen.findByRole('link', { name: 'View Reports' });
    expect(link).toHaveAttribute('href', '/reports');
    await user.click(link);
    expect(location()).toBe('/reports');
  });

  it('offers Retry when the members cannot be loaded, and generates the report after it works', async () => {
    let attempts = 0;
    const download = captureDownload();
    const { user } = renderReports({
      [`GET ${MEMBERS_URL}`]: (request) => {
        attempts += 1;
        return attempts === 1 ? apiError(503, 'Please try again in a moment.') : servesMembers([ruth])(request);
      },
    });
    await user.click(await generateButton());
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await findToast('Report Generated')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(download.blobs).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('reads the members only when the report is asked for, a hundred at a time', async () => {
    const download = captureDownload();
    const congregation = Array.from({ length: 230 }, (_, index) => ({ ...ruth, id: `d5000000-0000-4000-8000-${String(index).padStart(12, '0')}`, displayName: `Member ${index}` }));
    const { user, api } = renderReports({ [`GET ${MEMBERS_URL}`]: servesMembers(congregation) });
    const button = await generateButton();
    const memberReads = () => api.requests.filter((request) => request.url.startsWith(MEMBERS_URL));
    expect(memberReads()).toHaveLength(0);
    await user.click(button);
    expect(await findToast('Report Generated')).toHaveTextContent('230 members in the report.');
    expect(memberReads().map((request) => new URL(request.url, 'http://test').searchParams.get('limit'))).toEqual(['100', '100', '100']);
    expect(parseCsv((await download.blobs[0]!.text()).replace(/^\uFEFF/, ''))).toHaveLength(231);
  });
});
