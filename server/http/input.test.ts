import { createTestApp } from '../test/app';
import { expectJsonError, snapshotCommunity } from '../test/community-fixtures';
import type { Agent } from '../test/factories';
import { communityWith, LIFTED_LIMITS, snapshotTracking } from '../features/tracking/tracking-test-kit';

/*
 * Text never reaches the database with a NUL or another control character: every free-text field of the
 * contracts refuses them with a 400 and a message for that field, and nothing is written.
 */
const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

const CONTROL_CHARACTERS = {
  NUL: '\u0000',
  escape: '\u001b',
  'C1 control': '\u0085',
  DEL: '\u007f',
};

type Fixture = Awaited<ReturnType<typeof communityWith>>;

interface TextCase {
  field: string;
  call: (fixture: Fixture, text: string) => ReturnType<Agent['post']>;
}

/** Each free-text field a signed-in moderator can send, with the request that carries it. */
const TEXT_FIELDS: Record<string, TextCase> = {
  'community name (create)': { field: 'name', call: (f, text) => f.owner.agent.post('/api/communities').send({ name: `Grace ${text} Chapel` }) },
  'community description (create)': { field: 'description', call: (f, text) => f.owner.agent.post('/api/communities').send({ name: 'Grace', description: `About ${text}` }) },
  'community name (update)': { field: 'name', call: (f, text) => f.owner.agent.put(`/api/communities/${f.id}`).send({ name: `Grace ${text}` }) },
  'community description (update)': {
    field: 'description',
    call: (f, text) => f.owner.agent.put(`/api/communities/${f.id}`).send({ name: 'Grace', description: `Line one\nline ${text} two` }),
  },
  'time zone': { field: 'timeZone', call: (f, text) => f.owner.agent.put(`/api/communities/${f.id}`).send({ name: 'Grace', timeZone: `UTC${text}` }) },
  'lock reason': { field: 'reason', call: (f, text) => f.owner.agent.post(`/api/communities/${f.id}/calendar-locks`).send({ month: 3, year: 2026, reason: `Closed ${text}` }) },
  'target text': {
    field: 'bibleReading',
    call: (f, text) =>
      f.owner.agent.post('/api/users/monthly-targets').set('X-Community-Id', f.id).send({ userId: f.owner.user.id, month: 3, year: 2026, bibleReading: `3 ${text} chapters` }),
  },
  'discipline label': {
    field: 'templates.0.label',
    call: (f, text) =>
      f.owner.agent.post(`/api/communities/${f.id}/discipline-templates`).send({ templates: [{ key: 'prayer', label: `Prayer ${text}`, order: 1 }] }),
  },
  'discipline unit': {
    field: 'templates.0.unit',
    call: (f, text) =>
      f.owner.agent.post(`/api/communities/${f.id}/discipline-templates`).send({ templates: [{ key: 'prayer', label: 'Prayer', unit: `min${text}`, order: 1 }] }),
  },
  'invitation code': { field: 'inviteCode', call: (f, text) => f.members[0]!.agent.post('/api/communities/join').send({ inviteCode: `ABCD${text}EFG` }) },
};

describe('control characters in text fields', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await communityWith(app, 'member');
  });

  describe.each(Object.entries(TEXT_FIELDS))('%s', (_name, { field, call }) => {
    it.each(Object.entries(CONTROL_CHARACTERS))('refuses a %s with 400, a message for the field, and writes nothing', async (_label, character) => {
      const before = { community: await snapshotCommunity(db, fixture.id), tracking: await snapshotTracking(db, fixture.id) };
      const response = await call(fixture, character);
      expectJsonError(response, 400);
      expect(response.body.fields?.[field], JSON.stringify(response.body)).toMatch(/control characters/);
      expect({ community: await snapshotCommunity(db, fixture.id), tracking: await snapshotTracking(db, fixture.id) }).toEqual(before);
    });
  });

  it('keeps line breaks and tabs in multi-line text (a description, a lock reason)', async () => {
    const description = 'Line one\n\tline two\r\nline three';
    const updated = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: 'Grace', description }).expect(200);
    expect(updated.body.description).toBe(description);
    const lock = await fixture.owner.agent.post(`/api/communities/${fixture.id}/calendar-locks`).send({ month: 4, year: 2026, reason: 'Quarter\nclosed' }).expect(201);
    expect(lock.body.reason).toBe('Quarter\nclosed');
  });

  it('turns a tab pasted into one-line text into a space (a guidance section title, a community name)', async () => {
    const updated = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: 'Grace\tChapel ' }).expect(200);
    expect(updated.body.name).toBe('Grace Chapel');
    const section = { id: 'welcome', title: 'Morning\tprayer', content: 'Pray', type: 'text' };
    const saved = await fixture.owner.agent.post(`/api/communities/${fixture.id}/guidance`).send({ contentMarkdown: '', sections: [section] }).expect(200);
    expect(saved.body.sections[0].title).toBe('Morning prayer');
  });

  it('refuses a line break in one-line text (a community name)', async () => {
    const response = await fixture.owner.agent.put(`/api/communities/${fixture.id}`).send({ name: 'Grace\nChapel' });
    expectJsonError(response, 400);
    expect(response.body.fields.name).toMatch(/one line/);
  });
});
