import type { APIRequestContext, Browser } from '@playwright/test';
import { addDays, dateInTimeZone, parseIsoDate, shiftMonth, zonedInstant } from '../../shared/domain/calendar';
import { call, newIdentity, register } from './fixtures';
import { openPage, type Size, test as screensTest } from './screens-kit';

/**
 * A community with something on every screen, for the walk of the states added since issue 8
 * (screens-states.spec.ts). It is made through the API, which is much quicker than the screens, and
 * belongs to one worker: nothing else changes it, so each screen shows what is listed here.
 *
 * - Leader: Community Moderator, commander of Bethel Group, office hours on weekdays; not in a subgroup.
 * - Walker: Member of Bethel Group with a month of check-ins, a question answered (an unread notification),
 *   a question open and a meeting booked with Leader.
 * - Seeker: Commander by role, leading nobody, and placed in Quiet Group, which has no commander.
 * - Imported members (no account yet), one per screen size with the e-mail a newcomer signs up with, so
 *   joining offers 'Account Found!'; a second community, Harvest Church, led by Leader, with 100 of them.
 * - Last month is locked, with a reason; Leader has generated an invite code.
 */
type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

export interface Person {
  id: string;
  displayName: string;
  email: string;
  state: StorageState;
}

export interface Crew {
  communityId: string;
  communityName: string;
  code: string;
  timeZone: string;
  harvestId: string;
  leader: Person;
  walker: Person;
  seeker: Person;
  /** The imported members' names, the first being the one whose e-mail each size's newcomer signs up with. */
  imported: Record<Size, { displayName: string; email: string }>;
  questions: { answered: string; open: string };
  lockedMonth: { year: number; month: number };
}

/** Signs up through the API (quicker than the screen); the returned storage state is signed in. */
export async function registerThroughApi(request: APIRequestContext, prefix: string, email?: string) {
  const identity = { ...newIdentity(prefix), ...(email ? { email } : {}) };
  await call(request, 'post', '/api/register', identity);
  return identity;
}

export const test = screensTest.extend<object, { crew: Crew }>({
  crew: [
    async ({ browser }, use) => {
      const suffix = newIdentity().displayName.split(' ')[1]!;
      const leader = await register(browser, 'Leader');
      const lead = leader.context.request;
      const communityName = 'Bethel Fellowship';
      const { id: communityId } = (await call(lead, 'post', '/api/communities', { name: communityName, description: 'A fellowship that walks together.' })) as { id: string };
      const { timeZone } = (await call(lead, 'get', `/api/communities/${communityId}`)) as { timeZone: string };
      const { inviteCode: code } = (await call(lead, 'post', `/api/communities/${communityId}/invite-codes`)) as { inviteCode: string };

      const walker = await register(browser, 'Walker');
      const seeker = await register(browser, 'Seeker');
      for (const person of [walker, seeker]) await call(person.context.request, 'post', '/api/communities/join', { inviteCode: code });

      // Roles and subgroups.
      await call(lead, 'patch', `/api/users/${seeker.id}/role`, { roles: ['Commander'] }, communityId);
      const bethel = (await call(lead, 'post', '/api/subgroups', { name: 'Bethel Group', description: 'Morning prayer and the Gospels.' }, communityId)) as { id: string };
      const quiet = (await call(lead, 'post', '/api/subgroups', { name: 'Quiet Group' }, communityId)) as { id: string };
      await call(lead, 'patch', `/api/subgroups/${bethel.id}/commander`, { commanderId: leader.id }, communityId);
      await call(lead, 'patch', `/api/users/${walker.id}/subgroup`, { subgroupId: bethel.id }, communityId);
      await call(lead, 'patch', `/api/users/${seeker.id}/subgroup`, { subgroupId: quiet.id }, communityId);

      // Members imported from a spreadsheet (no account yet); each size's newcomer has the first two's e-mails.
      const imported = {
        desktop: { displayName: `Naomi ${suffix}`, email: `naomi-${suffix}@example.org` },
        phone: { displayName: `Hannah ${suffix}`, email: `hannah-${suffix}@example.org` },
      } satisfies Crew['imported'];
      const today = dateInTimeZone(new Date(), timeZone);
      const now = parseIsoDate(today);
      const lockedMonth = shiftMonth({ year: now.year, month: now.month }, -1);
      const csv = ['Name,Email,Role', `${imported.desktop.displayName},${imported.desktop.email},Member`, `${imported.phone.displayName},${imported.phone.email},Member`, `Boaz ${suffix},,Commander`].join('\n');
      await call(lead, 'post', '/api/import/csv', { csvData: csv, columnMapping: { Name: 'displayName', Email: 'email', Role: 'role' }, importMonth: lockedMonth.month, importYear: lockedMonth.year }, communityId);

      // Walker's month: every day so far, with a few of each status, and last month's first days.
      const disciplines = (await call(walker.context.request, 'get', `/api/communities/${communityId}/discipline-templates`)) as Array<{ key: string; isDailyGrid: boolean }>;
      const daily = disciplines.filter((discipline) => discipline.isDailyGrid).map((discipline) => discipline.key);
      const statuses = ['Yes', 'Yes', 'Partially', 'Yes', 'No', 'Yes', 'Sick', 'Yes', 'FeelingTired'] as const;
      const month = (days: number, offset: number) =>
        Object.fromEntries(daily.map((key, row) => [key, Object.fromEntries(Array.from({ length: days }, (_, index) => [String(index + 1), statuses[(index + row + offset) % statuses.length]!]))]));
      await call(walker.context.request, 'post', `/api/communities/${communityId}/daily-log`, { month: now.month, year: now.year, dayStatus: month(now.day, 0) }, communityId);
      await call(walker.context.request, 'post', `/api/communities/${communityId}/daily-log`, { month: lockedMonth.month, year: lockedMonth.year, dayStatus: month(10, 3) }, communityId);

      // Questions: one answered (Walker's bell shows it), one waiting for Leader.
      const answered = 'Fasting on work days';
      const open = 'Keeping awake for midnight prayer';
      const first = (await call(walker.context.request, 'post', '/api/questions', { title: answered, body: 'How should I fast when I work long shifts?', priority: 'High' }, communityId)) as { id: string };
      await call(walker.context.request, 'post', '/api/questions', { title: open, body: 'I fall asleep before midnight. How do others keep the hour?', priority: 'Normal' }, communityId);
      await call(lead, 'patch', `/api/questions/${first.id}`, { status: 'Answered', answer: 'Start with a half day on your rest day, and keep water by you.' }, communityId);

      // A meeting three days from now at 11:00 that Leader scheduled with Walker (a commander sets the call link;
      // a member's request is 'TBD'), then Leader's office hours (weekdays, 09:00 to 17:00).
      const startsAt = zonedInstant(addDays(today, 3), '11:00', timeZone);
      await call(
        lead,
        'post',
        '/api/meetings',
        {
          memberId: walker.id,
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
          notes: 'Talk about fasting: a plan for the month',
          location: 'https://meet.example.org/bethel',
        },
        communityId,
      );
      await call(lead, 'put', '/api/user/availability', { windows: [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' })) }, communityId);

      // Last month is locked.
      await call(lead, 'post', `/api/communities/${communityId}/calendar-locks`, { month: lockedMonth.month, year: lockedMonth.year, isLocked: true, reason: 'Quarter closed for the annual report' }, communityId);

      // Harvest Church: a congregation of 100 imported members and Leader, one more than the member list renders
      // in full (above that it renders only the rows in view).
      const { id: harvestId } = (await call(lead, 'post', '/api/communities', { name: 'Harvest Church' })) as { id: string };
      const rows = Array.from({ length: 100 }, (_, index) => `Harvest Member ${String(index + 1).padStart(3, '0')} ${suffix},harvest-${index + 1}-${suffix}@example.org`);
      await call(lead, 'post', '/api/import/csv', { csvData: ['Name,Email', ...rows].join('\n'), columnMapping: { Name: 'displayName', Email: 'email' }, importMonth: now.month, importYear: now.year }, harvestId);

      const person = async (who: Awaited<ReturnType<typeof register>>): Promise<Person> => ({
        id: who.id,
        displayName: who.identity.displayName,
        email: who.identity.email,
        state: await who.context.storageState(),
      });
      const crew: Crew = {
        communityId,
        communityName,
        code,
        timeZone,
        harvestId,
        leader: await person(leader),
        walker: await person(walker),
        seeker: await person(seeker),
        imported,
        questions: { answered, open },
        lockedMonth,
      };
      for (const who of [leader, walker, seeker]) await who.context.close();
      await use(crew);
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

/** A page of `size` signed in as `person`, showing `communityId` (Leader belongs to two communities). */
export async function openAs(browser: Browser, size: Size, person: Person, communityId: string) {
  const page = await openPage(browser, size, person.state);
  await page.addInitScript((id) => window.localStorage.setItem('steadfast.communityId', id), communityId);
  return page;
}
