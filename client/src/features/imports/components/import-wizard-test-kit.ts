import { screen, within } from '@testing-library/react';
import type { CsvPreview, ImportResult } from '@shared/contracts/imports';
import { makeMember, makeMembership, makeStats, makeUser } from '@/test/fixtures';
import { type Handler, json, mockApi } from '@/test/api-mock';
import { servesMembers } from '@/test/member-pages';
import { renderApp } from '@/test/render-app';

/** The import wizard's test set-up: a moderator of 'Hope Chapel' on the Members tab, the import calls answered. */

const me = makeUser();
const self = makeMember({ id: me.id, displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'CommunityModerator', roles: ['CommunityModerator'] });
const naomi = makeMember({ displayName: 'Naomi Ephrath', email: 'naomi@example.org' });

export const PREVIEW_URL = '/api/import/csv/preview';
export const IMPORT_URL = '/api/import/csv';
export const MEMBERS_URL = '/api/communities/c1/members';
/** The Members tab's first page of the list. */
export const MEMBERS_PAGE_URL = `${MEMBERS_URL}?limit=50`;

export const PREVIEW: CsvPreview = {
  totalRows: 2,
  headers: ['Name', 'Email', 'Role', 'Bible Reading 1', 'Notes'],
  preview: [
    { Name: 'Orpah of Moab', Email: 'orpah@example.org', Role: 'Member', 'Bible Reading 1': 'Yes', Notes: 'likes psalms' },
    { Name: 'Boaz', Email: 'boaz@example.org', Role: 'Commander', 'Bible Reading 1': 'No', Notes: '' },
  ],
  // 'Notes' has no suggestion: it starts on Ignore.
  suggestedMapping: { Name: 'displayName', Email: 'email', Role: 'role', 'Bible Reading 1': 'bibleReading:1' },
  fields: [
    { value: 'email', label: 'E-mail' },
    { value: 'displayName', label: 'Display name' },
    { value: 'firstName', label: 'First name' },
    { value: 'lastName', label: 'Last name' },
    { value: 'role', label: 'Role' },
    { value: 'bibleReading', label: 'Bible Reading' },
    { value: 'bibleReading:1', label: 'Bible Reading, day 1' },
    { value: 'bibleReading:2', label: 'Bible Reading, day 2' },
  ],
};

export const RESULT: ImportResult = {
  importedCount: 3,
  createdCount: 2,
  changedCount: 3,
  alreadyMembers: [],
  errors: [
    { row: 5, message: 'E-mail "not-an-address" is not a valid e-mail address.' },
    { row: 9, message: 'Bible Reading, day 1: "Maybe" is not a day status.' },
  ],
  refusedCells: [],
};

export function renderImport(routes: Record<string, Handler> = {}) {
  const membership = makeMembership({
    communityId: 'c1',
    role: 'CommunityModerator',
    roles: ['CommunityModerator'],
    community: { id: 'c1', name: 'Hope Chapel', description: null },
  });
  const api = mockApi({
    'GET /api/user': () => json(me),
    'GET /api/memberships': () => json([membership]),
    [`GET ${MEMBERS_URL}`]: servesMembers([self, naomi]),
    'GET /api/communities/c1/stats': () => json(makeStats()),
    [`POST ${PREVIEW_URL}`]: () => json(PREVIEW),
    [`POST ${IMPORT_URL}`]: () => json(RESULT),
    ...routes,
  });
  return { ...renderApp('/admin?tab=members'), api };
}

export type View = ReturnType<typeof renderImport>;

export async function openWizard(view: View) {
  await screen.findByRole('list', { name: 'Members' });
  await view.user.click(screen.getByRole('button', { name: 'Import from CSV' }));
  return screen.findByRole('dialog', { name: 'Import from CSV' });
}

export const continueButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Continue' });

