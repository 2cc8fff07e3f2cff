import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import request from 'supertest';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { summariseMonth } from '@shared/domain/month-summary';
import { communities, memberships } from '@shared/schema/communities';
import { calendarLocks, dailyLogs, disciplineTemplates } from '@shared/schema/tracking';
import type { Transaction } from '../../db/client';
import { createTestApp } from '../../test/app';
import { whileHoldingLock } from '../../test/hold-lock';
import { auditRowsOf, expectJsonError, grantSuperAdmin, ISO_DATE_PATTERN, setRoles } from '../../test/community-fixtures';
import { signUp } from '../../test/factories';
import {
  type CommunityFixture,
  communityWith,
  type DayStatusInput,
  days,
  LIFTED_LIMITS,
  logRowsOf,
  mark,
  pinClock,
  saveLog,
  secondSession,
  snapshotTracking,
} from './tracking-test-kit';
import { logContent } from './daily-logs';
import { dailyKeysOf } from './disciplines';

const testApp = await createTestApp(LIFTED_LIMITS);
const { app, database } = testApp;
const db = database.db;

// Monday 2030-04-15, 10:00 in Chicago (the factory's community time zone). The latest calendar date
// anywhere on Earth (UTC+14, Kiritimati) is then Tuesday 2030-04-16: day 16 may be set, day 17 not.
pinClock(testApp, '2030-04-15T15:00:00Z');
const YEAR = 2030;
const APRIL = 4;

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';

const CUSTOM_TEMPLATES = [
  { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, order: 1 },
  { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 2 },
  { key: 'fasting', label: 'Fasting', unit: '', isNumeric: false, isDailyGrid: true, order: 3 },
];

describe('GET /api/communities/:id/discipline-templates', () => {
  it('answers the ten default disciplines to a member of a community without templates', async () => {
    const fixture = await communityWith(app, 'member');
    const response = await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}/discipline-templates`).expect(200);
    expect(response.body).toEqual(DEFAULT_DISCIPLINES);
    expect(response.body.filter((d: { isDailyGrid: boolean }) => d.isDailyGrid).map((d: { key: string }) => d.key)).toEqual([
      'bibleReading',
      'fasting',
      'morningIntimacy',
      'midnightPrayer',
      'meditation',
    ]);
    expect(response.body.filter((d: { isDailyGrid: boolean }) => !d.isDailyGrid).map((d: { key: string }) => d.key)).toEqual([
      'monthlyRetreat',
      'prayerWalk',
      'evangelism',
      'completionOfNewTestament',
      'silenceHour',
    ]);
  });

  it('answers 401 without a session, and 404 to a non-member or for a malformed id', async () => {
    const fixture = await communityWith(app);
    const outsider = await communityWith(app);
    expectJsonError(await anonymous().get(`/api/communities/${fixture.id}/discipline-templates`), 401);
    expectJsonError(await outsider.owner.agent.get(`/api/communities/${fixture.id}/discipline-templates`), 404, NOT_FOUND);
    expectJsonError(await outsider.owner.agent.get(`/api/communities/${randomUUID()}/discipline-templates`), 404, NOT_FOUND);
    expectJsonError(await outsider.owner.agent.get('/api/communities/not-a-uuid/discipline-templates'), 404, NOT_FOUND);
  });
});

describe('POST /api/communities/:id/discipline-templates', () => {
  it('lets an admin replace all disciplines, in order, with an audit row; members then read them', async () => {
    const fixture = await communityWith(app, 'member');
    const response = await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({ templates: [CUSTOM_TEMPLATES[2], CUSTOM_TEMPLATES[0], CUSTOM_TEMPLATES[1]] })
      .expect(200);
    const expected = [
      { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, isPrivate: false, order: 1 },
      { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true, isDailyGrid: true, isPrivate: false, order: 2 },
      { key: 'fasting', label: 'Fasting', unit: null, isNumeric: false, isDailyGrid: true, isPrivate: false, order: 3 },
    ];
    expect(response.body).toEqual(expected);
    expect((await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}/discipline-templates`).expect(200)).body).toEqual(expected);

    // A second save replaces the first entirely; isNumeric, isDailyGrid and isPrivate default to false, true and false.
    const replaced = await fixture.owner.agent
      .post(`/api/communities/${fixture.id}/discipline-templates`)
      .send({ templates: [{ key: 'worship', label: ' Worship & Praise ', order: 1 }, { key: 'retreat', label: 'Retreat', isDailyGrid: false, order: 2 }] })
      .expect(200);
    expect(replaced.body).toEqual([
      { key: 'worship', label: 'Worship & Praise', unit: null, isNumeric: false, isDailyGrid: true, isPrivate: false, order: 1 },
      { key: 'retreat', label: 'Retreat', unit: null, isNumeric: false, isDailyGrid: false, isPrivate: false, order: 2 },
    ]);
    expect(await db.select().from(disciplineTemplates).where(eq(disciplineTemplates.communityId, fixture.id))).toHaveLength(2);
    const audit = (await auditRowsOf(db, fixture.id)).filter((row) => row.entity === 'discipline_templates');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, action: 'replace', diff: { keys: ['fasting', 'bible_reading', 'prayer'], privateKeys: [] } }),
      expect.objectContaining({ actorId: fixture.owner.user.id, action: 'replace', diff: { keys: ['worship', 'retreat'], privateKeys: [] } }),
    ]);
  });

  it('is read once per replacement: a replacement by any server is seen on the next request', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const templatesOf = async () => (await member.agent.get(`/api/communities/${fixture.id}/discipline-templates`).expect(200)).body.map((d: { key: string }) => d.key);
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }).expect(200);
    expect(await templatesOf()).toEqual(['bible_reading', 'prayer', 'fasting']);
    const version = async () => (await db.select({ version: communities.disciplinesVersion }).from(communities).where(eq(communities.id, fixture.id)))[0]!.version;
    const before = await version();
    expect(before).toBeGreaterThan(0);

    // A change that does not raise the version is not read again (the copy is what saves the query)...
    await db.delete(disciplineTemplates).where(and(eq(disciplineTemplates.communityId, fixture.id), eq(disciplineTemplates.key, 'prayer')));
    expect(await templatesOf()).toEqual(['bible_reading', 'prayer', 'fasting']);
    // ...while a replacement, wherever it ran, raises it in its transaction and is read on the next request.
    await db.update(communities).set({ disciplinesVersion: before + 1 }).where(eq(communities.id, fixture.id));
    expect(await templatesOf()).toEqual(['bible_reading', 'fasting']);
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES.slice(0, 1) }).expect(200);
    expect(await version()).toBe(before + 2);
    expect(await templatesOf()).toEqual(['bible_reading']);
    expectJsonError(await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) }), 400);
  });

  it("keys the daily log by the community's templates: new keys are accepted, old ones refused", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }).expect(200);
    const saved = await mark(member.agent, fixture.id, YEAR, APRIL, { bible_reading: days('Yes', 1), prayer: days('Partially', 2) });
    expect(saved.body.dayStatus).toEqual({ bible_reading: { '1': 'Yes' }, prayer: { '2': 'Partially' } });

    const refused = await saveLog(member.agent, fixture.id, YEAR, APRIL, { bibleReading: days('Yes', 3) });
    expectJsonError(refused, 400);
    expect(refused.body.fields).toEqual({ 'dayStatus.bibleReading': expect.any(String) });
  });

  it("accepts the setup wizard's keys, catalogue and custom alike, and answers exactly those, in order", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    // As the wizard sends them on step 3: catalogue disciplines, then one the moderator typed in.
    const wizardTemplates = [
      { key: 'bible_reading', label: 'Bible Reading', unit: 'chapters', isNumeric: true, isDailyGrid: true, order: 1 },
      { key: 'prayer', label: 'Prayer Time', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 2 },
      { key: 'worship', label: 'Worship & Praise', unit: 'minutes', isNumeric: true, isDailyGrid: true, order: 3 },
      { key: 'custom_evening_walk', label: 'Evening Walk', unit: '', isNumeric: false, isDailyGrid: true, order: 4 },
    ];
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: wizardTemplates }).expect(200);
    const listed = (await member.agent.get(`/api/communities/${fixture.id}/discipline-templates`).expect(200)).body as { key: string }[];
    expect(listed).toEqual(wizardTemplates.map((template) => ({ ...template, unit: template.unit || null, isPrivate: false })));
    expect(listed.map((discipline) => discipline.key)).toEqual(['bible_reading', 'prayer', 'worship', 'custom_evening_walk']);

    const dayStatus = { bible_reading: days('Yes', 1), prayer: days('Partially', 2), worship: days('No', 3), custom_evening_walk: days('Yes', 4, 5) };
    expect((await mark(member.agent, fixture.id, YEAR, APRIL, dayStatus)).body.dayStatus).toEqual(dayStatus);
    const read = (await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=${APRIL}&year=${YEAR}`).expect(200)).body;
    expect(read.dayStatus).toEqual(dayStatus);
    expect(read.entries.custom_evening_walk).toEqual({ '2030-04': { '4': true, '5': true } });
    // The ten defaults no longer apply once the community has its own.
    const refused = await saveLog(member.agent, fixture.id, YEAR, APRIL, { worship: days('Yes', 6), meditation: days('Yes', 6) });
    expectJsonError(refused, 400);
    expect(Object.keys(refused.body.fields)).toEqual(['dayStatus.meditation']);
  });

  it.each([
    ['Member', ['Member']],
    ['Commander', ['Commander']],
  ] as const)('answers 403 to a %s and writes nothing', async (_label, roles) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, [...roles]);
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await member.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }), 403);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("answers 401 without a session and 404 to another community's admin, writing nothing", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await anonymous().post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }), 401);
    expectJsonError(await other.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }), 404, NOT_FOUND);
    // The header does not override the path.
    expectJsonError(
      await other.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).set('X-Community-Id', other.id).send({ templates: CUSTOM_TEMPLATES }),
      404,
      NOT_FOUND,
    );
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed community id', async () => {
    const fixture = await communityWith(app);
    const before = await snapshotTracking(db, fixture.id);
    for (const id of [randomUUID(), 'not-a-uuid', encodeURIComponent("1' OR '1'='1")]) {
      expectJsonError(await fixture.owner.agent.post(`/api/communities/${id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }), 404, NOT_FOUND);
    }
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['no templates', {}, 'templates'],
    ['an empty list', { templates: [] }, 'templates'],
    ['a repeated key', { templates: [CUSTOM_TEMPLATES[0], { ...CUSTOM_TEMPLATES[1], key: 'bible_reading' }] }, 'templates'],
    ['a key with spaces', { templates: [{ ...CUSTOM_TEMPLATES[0], key: 'bible reading' }] }, 'templates.0.key'],
    ['a blank label', { templates: [{ ...CUSTOM_TEMPLATES[0], label: '  ' }] }, 'templates.0.label'],
    ['order 0', { templates: [{ ...CUSTOM_TEMPLATES[0], order: 0 }] }, 'templates.0.order'],
    ['isDailyGrid that is not a boolean', { templates: [{ ...CUSTOM_TEMPLATES[0], isDailyGrid: 'yes' }] }, 'templates.0.isDailyGrid'],
    ['templates that are not a list', { templates: 'bible_reading' }, 'templates'],
    ['more than 30 templates', { templates: Array.from({ length: 31 }, (_, i) => ({ ...CUSTOM_TEMPLATES[0], key: `d${i}`, order: i + 1 })) }, 'templates'],
    ['a key with a control character', { templates: [{ ...CUSTOM_TEMPLATES[0], key: 'bible\u0000' }] }, 'templates.0.key'],
    ['a key that is not text', { templates: [{ ...CUSTOM_TEMPLATES[0], key: 7 }] }, 'templates.0.key'],
    ['a label with a NUL', { templates: [{ ...CUSTOM_TEMPLATES[0], label: 'Bible\u0000' }] }, 'templates.0.label'],
    ['a label too long', { templates: [{ ...CUSTOM_TEMPLATES[0], label: 'x'.repeat(61) }] }, 'templates.0.label'],
    ['a unit too long', { templates: [{ ...CUSTOM_TEMPLATES[0], unit: 'x'.repeat(31) }] }, 'templates.0.unit'],
    ['an order that is not a whole number', { templates: [{ ...CUSTOM_TEMPLATES[0], order: 1.5 }] }, 'templates.0.order'],
    ['an order given as text', { templates: [{ ...CUSTOM_TEMPLATES[0], order: '1' }] }, 'templates.0.order'],
    ['isNumeric that is not a boolean', { templates: [{ ...CUSTOM_TEMPLATES[0], isNumeric: 'true' }] }, 'templates.0.isNumeric'],
  ])('answers 400 with fields for %s and writes nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app);
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: CUSTOM_TEMPLATES }).expect(200);
    const before = await snapshotTracking(db, fixture.id);
    const response = await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it("words an empty list as the setup wizard does", async () => {
    const fixture = await communityWith(app);
    const response = await fixture.owner.agent.post(`/api/communities/${fixture.id}/discipline-templates`).send({ templates: [] });
    expect(response.body.fields.templates).toBe('Your community needs at least one spiritual discipline to track.');
  });
});

describe('GET /api/communities/:id/daily-log', () => {
  it('answers an empty month for a member who saved nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const response = await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(response.body).toEqual({
      userId: member.user.id,
      communityId: fixture.id,
      month: 4,
      year: 2030,
      entries: {},
      dayStatus: {},
      monthlyCompletions: {},
      isLocked: false,
      withheldKeys: [],
      updatedAt: null,
    });
  });

  it("answers dayStatus per discipline and day, and entries derived from it, keyed 'YYYY-MM' then day", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { bibleReading: { '1': 'Yes', '2': 'Partially', '3': 'No' }, fasting: { '1': 'Sick', '14': 'FeelingTired' } });
    const response = await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(response.body).toEqual({
      userId: member.user.id,
      communityId: fixture.id,
      month: 4,
      year: 2030,
      dayStatus: { bibleReading: { '1': 'Yes', '2': 'Partially', '3': 'No' }, fasting: { '1': 'Sick', '14': 'FeelingTired' } },
      entries: { bibleReading: { '2030-04': { '1': true, '2': true, '3': false } }, fasting: { '2030-04': { '1': false, '14': false } } },
      monthlyCompletions: {},
      isLocked: false,
      withheldKeys: [],
      updatedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    // Other months are separate.
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=3&year=2030`).expect(200)).body.dayStatus).toEqual({});
    // What is stored agrees with what is answered.
    const [row] = await logRowsOf(db, fixture.id, member.user.id);
    expect(row).toMatchObject({ month: 4, year: 2030, dayStatus: response.body.dayStatus, entries: response.body.entries });
  });

  it("lets a member read another member's log (read-only viewing), and an admin too", async () => {
    const fixture = await communityWith(app, 'reader', 'writer');
    const [reader, writer] = [fixture.members[0]!, fixture.members[1]!];
    await mark(writer.agent, fixture.id, YEAR, APRIL, { meditation: days('Yes', 5, 6) });
    for (const agent of [reader.agent, fixture.owner.agent]) {
      const response = await agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030&userId=${writer.user.id}`).expect(200);
      expect(response.body).toMatchObject({ userId: writer.user.id, dayStatus: { meditation: { '5': 'Yes', '6': 'Yes' } } });
    }
  });

  it('costs two queries after the session: the user with their context in the community the path names, and the month', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    const done = testApp.countQueries();
    await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(done()).toBe(2);
  });

  it('answers 404 for a userId who is not a member of the community', async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app, 'elsewhere');
    const elsewhere = other.members[0]!;
    await mark(elsewhere.agent, other.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    for (const userId of [elsewhere.user.id, other.owner.user.id, randomUUID()]) {
      expectJsonError(await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030&userId=${userId}`), 404);
    }
    // The other community's admin cannot read it through their own community either.
    expectJsonError(await other.owner.agent.get(`/api/communities/${other.id}/daily-log?month=4&year=2030&userId=${fixture.members[0]!.user.id}`), 404);
  });

  it("keeps each community's log apart for a member of two communities", async () => {
    const first = await communityWith(app, 'member');
    const second = await communityWith(app);
    const member = first.members[0]!;
    await member.agent.post('/api/communities/join').send({ inviteCode: await second.joinCode() }).expect(200);
    await mark(member.agent, first.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    await mark(member.agent, second.id, YEAR, APRIL, { fasting: days('No', 1) });
    expect((await member.agent.get(`/api/communities/${first.id}/daily-log?month=4&year=2030`).expect(200)).body.dayStatus).toEqual({ fasting: { '1': 'Yes' } });
    expect((await member.agent.get(`/api/communities/${second.id}/daily-log?month=4&year=2030`).expect(200)).body.dayStatus).toEqual({ fasting: { '1': 'No' } });
  });

  it.each([
    ['no month', 'year=2030', 'month'],
    ['month 13', 'month=13&year=2030', 'month'],
    ['month 0', 'month=0&year=2030', 'month'],
    ['a month that is not a number', 'month=april&year=2030', 'month'],
    ['no year', 'month=4', 'year'],
    ['year 1999', 'month=4&year=1999', 'year'],
    ['a malformed userId', 'month=4&year=2030&userId=nobody', 'userId'],
  ])('answers 400 with fields for %s', async (_label, query, field) => {
    const fixture = await communityWith(app, 'member');
    const response = await fixture.members[0]!.agent.get(`/api/communities/${fixture.id}/daily-log?${query}`);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
  });

  it("answers 401 without a session and 404 to another community's admin (path or header)", async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    expectJsonError(await anonymous().get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`), 401);
    expectJsonError(await other.owner.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030&userId=${member.user.id}`), 404, NOT_FOUND);
    expectJsonError(
      await other.owner.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).set('X-Community-Id', other.id),
      404,
      NOT_FOUND,
    );
  });
});

describe('POST /api/communities/:id/daily-log', () => {
  it('saves a status and it is still there after a reload', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const saved = await mark(member.agent, fixture.id, YEAR, APRIL, { bibleReading: days('Yes', 15) });
    expect(saved.body).toEqual({
      userId: member.user.id,
      communityId: fixture.id,
      month: 4,
      year: 2030,
      dayStatus: { bibleReading: { '15': 'Yes' } },
      entries: { bibleReading: { '2030-04': { '15': true } } },
      monthlyCompletions: {},
      isLocked: false,
      withheldKeys: [],
      updatedAt: expect.stringMatching(ISO_DATE_PATTERN),
    });
    // The server's clock: 2030-04-15, as pinned.
    expect(saved.body.updatedAt.slice(0, 10)).toBe('2030-04-15');
    const reloaded = await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(reloaded.body).toEqual(saved.body);
  });

  it('merges per discipline and day: cells not sent are kept', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { bibleReading: days('Yes', 1, 2), fasting: days('Yes', 1) });
    await mark(member.agent, fixture.id, YEAR, APRIL, { bibleReading: days('No', 3) });
    const third = await mark(member.agent, fixture.id, YEAR, APRIL, { meditation: days('Partially', 2) });
    expect(third.body.dayStatus).toEqual({
      bibleReading: { '1': 'Yes', '2': 'Yes', '3': 'No' },
      fasting: { '1': 'Yes' },
      meditation: { '2': 'Partially' },
    });
    // The client's stale `entries` are ignored: entries always follow dayStatus.
    const withEntries = await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('No', 2) }, { entries: { fasting: { '2030-04': { '2': true, '9': true } } } }).expect(200);
    expect(withEntries.body.entries.fasting).toEqual({ '2030-04': { '1': true, '2': false } });
  });

  it('changes a status to any other value and clears it with Blank', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const sequence = ['Yes', 'No', 'Partially', 'Sick', 'FeelingTired', 'Yes'] as const;
    for (const status of sequence) {
      const response = await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: { '10': status }, bibleReading: days('Yes', 1) });
      expect(response.body.dayStatus.fasting).toEqual({ '10': status });
    }
    const cleared = await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: { '10': 'Blank' } });
    // A discipline left with no cells disappears; the others stay.
    expect(cleared.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes' } });
    expect(cleared.body.entries).toEqual({ bibleReading: { '2030-04': { '1': true } } });
    // Blank on a cell that was never set is harmless.
    const again = await mark(member.agent, fixture.id, YEAR, APRIL, { midnightPrayer: { '4': 'Blank' } });
    expect(again.body.dayStatus).toEqual({ bibleReading: { '1': 'Yes' } });
  });

  it('keeps both marks when two sessions of the same member save different days at once', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const phone = member.agent;
    const laptop = await secondSession(app, member);
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const [fromPhone, fromLaptop] = await Promise.all([
        saveLog(phone, fixture.id, YEAR, APRIL, { bibleReading: days('Yes', 2 * round + 1) }),
        saveLog(laptop, fixture.id, YEAR, APRIL, { bibleReading: days('Partially', 2 * round + 2) }),
      ]);
      expect(fromPhone.status, fromPhone.text).toBe(200);
      expect(fromLaptop.status, fromLaptop.text).toBe(200);
      expect(fromPhone.body.dayStatus.bibleReading[String(2 * round + 1)]).toBe('Yes');
      expect(fromLaptop.body.dayStatus.bibleReading[String(2 * round + 2)]).toBe('Partially');
    }
    const expected = Object.fromEntries(Array.from({ length: 2 * rounds }, (_, i) => [String(i + 1), i % 2 === 0 ? 'Yes' : 'Partially']));
    const reloaded = await phone.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200);
    expect(reloaded.body.dayStatus).toEqual({ bibleReading: expected });
    expect(await logRowsOf(db, fixture.id, member.user.id)).toHaveLength(1);
  });

  it('keeps both marks when two sessions save different disciplines of the same day at once', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const laptop = await secondSession(app, member);
    const keys = ['bibleReading', 'fasting', 'morningIntimacy', 'midnightPrayer', 'meditation'];
    for (const [round, day] of [3, 4, 5, 6].entries()) {
      await Promise.all([
        saveLog(member.agent, fixture.id, YEAR, APRIL, { [keys[round]!]: days('Yes', day) }).expect(200),
        saveLog(laptop, fixture.id, YEAR, APRIL, { [keys[round + 1]!]: days('No', day) }).expect(200),
      ]);
    }
    const { dayStatus } = (await laptop.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030`).expect(200)).body;
    expect(dayStatus).toEqual({
      bibleReading: { '3': 'Yes' },
      fasting: { '3': 'No', '4': 'Yes' },
      morningIntimacy: { '4': 'No', '5': 'Yes' },
      midnightPrayer: { '5': 'No', '6': 'Yes' },
      meditation: { '6': 'No' },
    });
  });

  it("accepts today anywhere on Earth (UTC+14) and refuses later days with fields, saving nothing of the request", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    // 2030-04-16 is already today in Kiritimati while it is the 15th in Chicago and UTC.
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 16) });

    const before = await snapshotTracking(db, fixture.id);
    const response = await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 14, 17), bibleReading: days('Blank', 30) });
    expectJsonError(response, 400);
    expect(response.body.fields).toEqual({ 'dayStatus.fasting.17': 'Future days cannot be set', 'dayStatus.bibleReading.30': 'Future days cannot be set' });
    const nextMonth = await saveLog(member.agent, fixture.id, YEAR, 5, { fasting: days('Yes', 1) });
    expectJsonError(nextMonth, 400);
    expect(nextMonth.body.fields).toEqual({ 'dayStatus.fasting.1': 'Future days cannot be set' });
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('refuses a day beyond the length of the month and an unknown discipline with fields, saving nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, 2028, 2, { fasting: days('Yes', 29) }); // a leap year
    const before = await snapshotTracking(db, fixture.id);

    const april31 = await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1, 31) });
    expectJsonError(april31, 400);
    expect(april31.body.fields).toEqual({ 'dayStatus.fasting.31': 'That day is not in the month' });
    const february29 = await saveLog(member.agent, fixture.id, 2029, 2, { fasting: days('Yes', 29) });
    expect(february29.body.fields).toEqual({ 'dayStatus.fasting.29': 'That day is not in the month' });
    const unknown = await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1), prayer: days('Yes', 1) });
    expectJsonError(unknown, 400);
    expect(unknown.body.fields).toEqual({ 'dayStatus.prayer': 'This community does not track that discipline' });
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it.each([
    ['no dayStatus', { month: 4, year: 2030 }, 'dayStatus'],
    ['dayStatus that is a list', { month: 4, year: 2030, dayStatus: [] }, 'dayStatus'],
    ['an unknown status', { month: 4, year: 2030, dayStatus: { fasting: { '3': 'Done' } } }, 'dayStatus.fasting.3'],
    ['day 0', { month: 4, year: 2030, dayStatus: { fasting: { '0': 'Yes' } } }, 'dayStatus.fasting.0'],
    ['day 32', { month: 4, year: 2030, dayStatus: { fasting: { '32': 'Yes' } } }, 'dayStatus.fasting.32'],
    ['a day that is not a number', { month: 4, year: 2030, dayStatus: { fasting: { first: 'Yes' } } }, 'dayStatus.fasting.first'],
    ['month 13', { month: 13, year: 2030, dayStatus: {} }, 'month'],
    ['no year', { month: 4, dayStatus: {} }, 'year'],
    ['a malformed userId', { month: 4, year: 2030, userId: 'me', dayStatus: {} }, 'userId'],
  ])('answers 400 with fields for %s and writes nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 2) });
    const before = await snapshotTracking(db, fixture.id);
    const response = await member.agent.post(`/api/communities/${fixture.id}/daily-log`).send(payload);
    expectJsonError(response, 400);
    expect(response.body.fields).toHaveProperty([field]);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('answers a JSON 400 for malformed JSON and writes nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const before = await snapshotTracking(db, fixture.id);
    const response = await member.agent.post(`/api/communities/${fixture.id}/daily-log`).set('Content-Type', 'application/json').send('{"month": 4, "dayStatus": {');
    expectJsonError(response, 400);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });
});

describe('a save whose month changes between its read and its write', () => {
  const whileLocked = (lock: SQL, send: () => PromiseLike<request.Response>, meanwhile: (tx: Transaction) => Promise<void>) => whileHoldingLock(database, lock, send, meanwhile);

  it('merges again into what another write stored meanwhile: both marks are kept', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    const [row] = await logRowsOf(db, fixture.id, member.user.id);
    const response = await whileLocked(
      sql`SELECT id FROM daily_logs WHERE id = ${row!.id} FOR UPDATE`,
      () => saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Partially', 3) }),
      async (tx) => {
        const dayStatus = { fasting: { '1': 'Yes', '2': 'No' } } as const;
        await tx.update(dailyLogs).set({ ...logContent(dayStatus, { year: YEAR, month: APRIL }, await dailyKeysOf(tx, fixture.id)) }).where(eq(dailyLogs.id, row!.id));
      },
    );
    expect(response.status, response.text).toBe(200);
    const expected: DayStatusInput = { fasting: { '1': 'Yes', '2': 'No', '3': 'Partially' } };
    expect(response.body.dayStatus).toEqual(expected);
    const [stored] = await logRowsOf(db, fixture.id, member.user.id);
    expect(stored!.dayStatus).toEqual(expected);
    expect(stored!.dayMarks).toBe(summariseMonth(expected, await dailyKeysOf(db, fixture.id), YEAR, APRIL).dayMarks);
  });

  // A month lock and a removal hold the community row and raise its change version (lockCommunityRow
  // 'change') while they change things.
  const communityChange = (communityId: string) => sql`UPDATE communities SET change_version = change_version + 1 WHERE id = ${communityId}`;

  it.each([
    {
      change: 'the month was locked',
      status: 423,
      meanwhile: (fixture: CommunityFixture) => async (tx: Transaction) => {
        await tx.insert(calendarLocks).values({ communityId: fixture.id, year: YEAR, month: APRIL, isLocked: true, lockedByUserId: fixture.owner.user.id, lockedAt: new Date() });
      },
    },
    {
      change: 'the member was removed',
      status: 404,
      meanwhile: (fixture: CommunityFixture) => async (tx: Transaction) => {
        await tx.delete(memberships).where(and(eq(memberships.communityId, fixture.id), eq(memberships.userId, fixture.members[0]!.user.id)));
      },
    },
  ])('refuses with $status and writes nothing when $change while the save waited', async ({ status, meanwhile }) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    const response = await whileLocked(communityChange(fixture.id), () => saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('No', 1, 2) }), meanwhile(fixture));
    expectJsonError(response, status);
    const [stored] = await logRowsOf(db, fixture.id, member.user.id);
    expect(stored!.dayStatus).toEqual({ fasting: { '1': 'Yes' } });
  });
});

describe('Who may write a daily log', () => {
  it("refuses a member writing another member's log with 403, saving nothing for either", async () => {
    const fixture = await communityWith(app, 'member', 'victim');
    const [member, victim] = [fixture.members[0]!, fixture.members[1]!];
    await mark(victim.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    const before = await snapshotTracking(db, fixture.id);
    const response = await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('No', 1, 2) }, { userId: victim.user.id });
    expectJsonError(response, 403, 'Only the owner can change a daily log.');
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030&userId=${victim.user.id}`).expect(200)).body.dayStatus).toEqual({
      fasting: { '1': 'Yes' },
    });
    // Naming oneself is fine.
    await saveLog(member.agent, fixture.id, YEAR, APRIL, { fasting: days('No', 2) }, { userId: member.user.id }).expect(200);
  });

  it("refuses an admin writing a member's log with 403 too (only the owner writes)", async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await saveLog(fixture.owner.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) }, { userId: member.user.id }), 403);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('refuses a member in a locked month with 423 and saves nothing; an admin still writes their own log', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 1) });
    await fixture.owner.agent.post(`/api/communities/${fixture.id}/calendar-locks`).send({ month: 3, year: YEAR }).expect(201);
    const before = await snapshotTracking(db, fixture.id);

    const refused = await saveLog(member.agent, fixture.id, YEAR, 3, { fasting: days('No', 1), bibleReading: days('Yes', 2) });
    expectJsonError(refused, 423, 'This month is locked by your community admins. Ask an admin if something needs correcting.');
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
    expect((await member.agent.get(`/api/communities/${fixture.id}/daily-log?month=3&year=2030`).expect(200)).body).toMatchObject({
      dayStatus: { fasting: { '1': 'Yes' } },
      isLocked: true,
    });

    const admin = await saveLog(fixture.owner.agent, fixture.id, YEAR, 3, { fasting: days('Yes', 31) }).expect(200);
    expect(admin.body).toMatchObject({ userId: fixture.owner.user.id, dayStatus: { fasting: { '31': 'Yes' } }, isLocked: true });
  });

  it('answers 404 to a member of another community and 401 without a session, saving nothing', async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app, 'stranger');
    const stranger = other.members[0]!;
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await saveLog(stranger.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) }), 404, NOT_FOUND);
    expectJsonError(await saveLog(other.owner.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) }), 404, NOT_FOUND);
    expectJsonError(await saveLog(anonymous(), fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) }), 401);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });

  it('writes into the community of the path, whatever communityId the body names', async () => {
    const fixture = await communityWith(app, 'member');
    const other = await communityWith(app);
    const member = fixture.members[0]!;
    const before = await snapshotTracking(db, other.id);
    const response = await member.agent
      .post(`/api/communities/${fixture.id}/daily-log`)
      .set('X-Community-Id', other.id)
      .send({ communityId: other.id, month: 4, year: 2030, dayStatus: { fasting: days('Yes', 1) } })
      .expect(200);
    expect(response.body.communityId).toBe(fixture.id);
    expect(await logRowsOf(db, fixture.id, member.user.id)).toHaveLength(1);
    expect(await snapshotTracking(db, other.id)).toEqual(before);
  });

  it('lets a SuperAdmin who is not a member read a member log but not write it', async () => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await mark(member.agent, fixture.id, YEAR, APRIL, { fasting: days('Yes', 1) });
    const root = await signUp(app);
    await grantSuperAdmin(db, root.user.id);
    const read = await root.agent.get(`/api/communities/${fixture.id}/daily-log?month=4&year=2030&userId=${member.user.id}`).expect(200);
    expect(read.body.dayStatus).toEqual({ fasting: { '1': 'Yes' } });
    const before = await snapshotTracking(db, fixture.id);
    expectJsonError(await saveLog(root.agent, fixture.id, YEAR, APRIL, { fasting: days('No', 1) }, { userId: member.user.id }), 403);
    expect(await snapshotTracking(db, fixture.id)).toEqual(before);
  });
});
