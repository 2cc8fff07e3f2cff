import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { GUIDANCE_MARKDOWN_MAX, GUIDANCE_NESTING_MESSAGE, GUIDANCE_SECTIONS_MAX, type GuidanceView, type SaveGuidanceBody } from '@shared/contracts/guidance';
import { countMarkdownBlocks, MARKDOWN_BLOCKS_MAX } from '@shared/domain/markdown-blocks';
import { flattenMarkdownNesting, MARKDOWN_NESTING_MAX } from '@shared/domain/markdown-nesting';
import { auditLogs } from '@shared/schema/audit';
import { guidancePanels } from '@shared/schema/communities';
import { createTestApp } from '../../test/app';
import { auditRowsOf, expectJsonError, grantSuperAdmin, ISO_DATE_PATTERN, setRoles } from '../../test/community-fixtures';
import type { Agent } from '../../test/factories';
import { communityWith, LIFTED_LIMITS } from '../tracking/tracking-test-kit';

const { app, database } = await createTestApp(LIFTED_LIMITS);
const { db } = database;

const anonymous = () => request.agent(app);
const NOT_FOUND = 'Community not found.';
const EMPTY: GuidanceView = { sections: [], contentMarkdown: '', updatedAt: null };

const HEADER = { id: 'welcome', title: 'Welcome', content: '', type: 'header', color: 'blue', alignment: 'center', headerSize: 'large' } as const;
const BIBLE = { id: 'bible-reading', title: 'Bible Reading', content: '1 or 2 chapters daily\nRead slowly 2-3 times', type: 'list', textStyle: 'bold' } as const;
/** BIBLE as stored and answered: every choice the editor left out takes its default. */
const BIBLE_SAVED = { ...BIBLE, color: 'black', alignment: 'left', backgroundColor: 'none', headerSize: 'medium' };
const HEADER_SAVED = { ...HEADER, backgroundColor: 'none', textStyle: 'normal' };

const guidancePath = (communityId: string) => `/api/communities/${communityId}/guidance`;
const save = (agent: Agent, communityId: string, payload: SaveGuidanceBody | Record<string, unknown>) => agent.post(guidancePath(communityId)).send(payload);

/** Everything a guidance save writes: the community's guidance row and its audit rows. */
async function snapshotGuidance(communityId: string) {
  return {
    panels: await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, communityId)).orderBy(asc(guidancePanels.id)),
    audit: await db.select().from(auditLogs).where(eq(auditLogs.communityId, communityId)).orderBy(asc(auditLogs.id)),
  };
}

describe('GET /api/communities/:id/guidance', () => {
  it('answers empty sections, empty markdown and updatedAt null before anyone saved guidance', async () => {
    const fixture = await communityWith(app, 'member');
    expect((await fixture.members[0]!.agent.get(guidancePath(fixture.id)).expect(200)).body).toEqual(EMPTY);
    expect(await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, fixture.id))).toEqual([]);
  });

  it('answers the saved guidance to any member, Commander and Member alike', async () => {
    const fixture = await communityWith(app, 'commander', 'member');
    await setRoles(db, fixture.id, fixture.members[0]!.user.id, ['Commander']);
    const saved = (await save(fixture.owner.agent, fixture.id, { sections: [HEADER], contentMarkdown: '# Welcome' }).expect(200)).body as GuidanceView;
    for (const reader of fixture.members) expect((await reader.agent.get(guidancePath(fixture.id)).expect(200)).body).toEqual(saved);
  });

  it('answers 401 signed out, and 404 to a non-member, for an unknown or malformed id', async () => {
    const fixture = await communityWith(app);
    await save(fixture.owner.agent, fixture.id, { contentMarkdown: 'Our guidance' }).expect(200);
    const outsider = await communityWith(app);
    expectJsonError(await anonymous().get(guidancePath(fixture.id)), 401);
    const refused = await outsider.owner.agent.get(guidancePath(fixture.id));
    expectJsonError(refused, 404, NOT_FOUND);
    expect(refused.text).not.toContain('Our guidance');
    // The header naming the caller's own community does not override the path.
    expectJsonError(await outsider.owner.agent.get(guidancePath(fixture.id)).set('X-Community-Id', outsider.id), 404, NOT_FOUND);
    expectJsonError(await outsider.owner.agent.get(guidancePath(randomUUID())), 404, NOT_FOUND);
    expectJsonError(await outsider.owner.agent.get(guidancePath('not-a-uuid')), 404, NOT_FOUND);
  });
});

describe('POST /api/communities/:id/guidance', () => {
  it('saves sections (defaults filled in) and markdown, answers the view, and records who saved it', async () => {
    const fixture = await communityWith(app, 'member');
    const response = await save(fixture.owner.agent, fixture.id, { sections: [HEADER, BIBLE], contentMarkdown: '  # Welcome\n\nPray daily.  ' }).expect(200);
    expect(response.body).toEqual({ sections: [HEADER_SAVED, BIBLE_SAVED], contentMarkdown: '# Welcome\n\nPray daily.', updatedAt: expect.stringMatching(ISO_DATE_PATTERN) });
    expect((await fixture.members[0]!.agent.get(guidancePath(fixture.id)).expect(200)).body).toEqual(response.body);

    const [row] = await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, fixture.id));
    expect(row).toMatchObject({ updatedByUserId: fixture.owner.user.id, contentMarkdown: '# Welcome\n\nPray daily.' });
    const audit = (await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'guidance');
    expect(audit).toEqual([
      expect.objectContaining({ actorId: fixture.owner.user.id, action: 'save', entityId: row!.id, diff: { sectionsReplaced: true, sectionCount: 2, markdownLength: 22 } }),
    ]);
  });

  it('keeps one row per community: a second save replaces the first, by whoever saved last', async () => {
    const fixture = await communityWith(app, 'moderator');
    const second = fixture.members[0]!;
    await setRoles(db, fixture.id, second.user.id, ['CommunityModerator']);
    await save(fixture.owner.agent, fixture.id, { sections: [HEADER, BIBLE], contentMarkdown: 'First' }).expect(200);
    const replaced = await save(second.agent, fixture.id, { sections: [BIBLE], contentMarkdown: 'Second' }).expect(200);
    expect(replaced.body).toMatchObject({ sections: [BIBLE_SAVED], contentMarkdown: 'Second' });
    const rows = await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, fixture.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contentMarkdown: 'Second', updatedByUserId: second.user.id });
    expect((await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'guidance')).toHaveLength(2);
  });

  it('keeps the stored sections when a save omits them (the setup wizard), and replaces them when sent, even empty', async () => {
    const fixture = await communityWith(app);
    await save(fixture.owner.agent, fixture.id, { sections: [HEADER, BIBLE], contentMarkdown: 'Editor text' }).expect(200);
    const wizard = await save(fixture.owner.agent, fixture.id, { contentMarkdown: 'Wizard text' }).expect(200);
    expect(wizard.body).toMatchObject({ sections: [HEADER_SAVED, BIBLE_SAVED], contentMarkdown: 'Wizard text' });
    const cleared = await save(fixture.owner.agent, fixture.id, { sections: [], contentMarkdown: 'Only text' }).expect(200);
    expect(cleared.body).toMatchObject({ sections: [], contentMarkdown: 'Only text' });
  });

  it('saves a first guidance from the wizard alone (no sections: empty) and blank markdown', async () => {
    const fixture = await communityWith(app);
    expect((await save(fixture.owner.agent, fixture.id, { contentMarkdown: '' }).expect(200)).body).toEqual({ sections: [], contentMarkdown: '', updatedAt: expect.stringMatching(ISO_DATE_PATTERN) });
  });

  it('lets two first saves at once both succeed, leaving one row', async () => {
    const fixture = await communityWith(app);
    const [a, b] = await Promise.all([
      save(fixture.owner.agent, fixture.id, { sections: [HEADER], contentMarkdown: 'A' }),
      save(fixture.owner.agent, fixture.id, { sections: [BIBLE], contentMarkdown: 'B' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, fixture.id));
    expect(rows).toHaveLength(1);
    expect(['A', 'B']).toContain(rows[0]!.contentMarkdown);
  });

  it('lets a SuperAdmin who is not a member save (admin everywhere)', async () => {
    const fixture = await communityWith(app);
    const operator = await communityWith(app);
    await grantSuperAdmin(db, operator.owner.user.id);
    await save(operator.owner.agent, fixture.id, { contentMarkdown: 'From the operator' }).expect(200);
    expect((await fixture.owner.agent.get(guidancePath(fixture.id)).expect(200)).body.contentMarkdown).toBe('From the operator');
  });

  it.each([
    ['Member', ['Member']],
    ['Commander', ['Commander']],
  ] as const)('answers 403 with a message to a %s and writes nothing', async (_label, roles) => {
    const fixture = await communityWith(app, 'member');
    const member = fixture.members[0]!;
    await setRoles(db, fixture.id, member.user.id, [...roles]);
    await save(fixture.owner.agent, fixture.id, { sections: [HEADER], contentMarkdown: 'Kept' }).expect(200);
    const before = await snapshotGuidance(fixture.id);
    expectJsonError(await save(member.agent, fixture.id, { sections: [], contentMarkdown: 'Overwritten' }), 403, /permission/);
    expect(await snapshotGuidance(fixture.id)).toEqual(before);
  });

  it("answers 401 signed out and 404 to a non-member, for another community's id, an unknown or a malformed id, writing nothing", async () => {
    const fixture = await communityWith(app);
    const other = await communityWith(app);
    const before = await snapshotGuidance(fixture.id);
    const otherBefore = await snapshotGuidance(other.id);
    const payload = { contentMarkdown: 'Intruder' };
    expectJsonError(await save(anonymous(), fixture.id, payload), 401);
    expectJsonError(await save(other.owner.agent, fixture.id, payload), 404, NOT_FOUND);
    expectJsonError(await other.owner.agent.post(guidancePath(fixture.id)).set('X-Community-Id', other.id).send(payload), 404, NOT_FOUND);
    expectJsonError(await save(other.owner.agent, randomUUID(), payload), 404, NOT_FOUND);
    expectJsonError(await save(other.owner.agent, 'not-a-uuid', payload), 404, NOT_FOUND);
    // A non-member's bad input is still a 404: nothing about the community is revealed.
    expectJsonError(await save(other.owner.agent, fixture.id, { contentMarkdown: 42 }), 404, NOT_FOUND);
    expect(await snapshotGuidance(fixture.id)).toEqual(before);
    expect(await snapshotGuidance(other.id)).toEqual(otherBefore);
  });

  const section = (changes: Record<string, unknown>) => ({ ...BIBLE, ...changes });
  it.each([
    ['markdown that is not text', { contentMarkdown: 42 }, 'contentMarkdown'],
    ['markdown with a NUL', { contentMarkdown: 'Pray\u0000' }, 'contentMarkdown'],
    ['markdown with an escape character', { contentMarkdown: 'Pray \u001b[31m' }, 'contentMarkdown'],
    ['markdown too long', { contentMarkdown: 'x'.repeat(GUIDANCE_MARKDOWN_MAX + 1) }, 'contentMarkdown'],
    ['markdown of 20,000 >', { contentMarkdown: '>'.repeat(GUIDANCE_MARKDOWN_MAX) }, 'contentMarkdown'],
    ['sections that are not a list', { sections: 'all of them' }, 'sections'],
    ['too many sections', { sections: Array.from({ length: GUIDANCE_SECTIONS_MAX + 1 }, (_, i) => section({ id: `s${i}` })) }, 'sections'],
    ['a colour that is CSS', { sections: [section({ color: 'javascript:red' })] }, 'sections.0.color'],
    ['an unknown background', { sections: [section({ backgroundColor: 'url(x)' })] }, 'sections.0.backgroundColor'],
    ['an unknown type', { sections: [section({ type: 'script' })] }, 'sections.0.type'],
    ['an unknown alignment', { sections: [section({ alignment: 'justify' })] }, 'sections.0.alignment'],
    ['an unknown header size', { sections: [section({ headerSize: 'huge' })] }, 'sections.0.headerSize'],
    ['an unknown text style', { sections: [section({ textStyle: 'blink' })] }, 'sections.0.textStyle'],
    ['a title on two lines', { sections: [section({ title: 'Bible\nReading' })] }, 'sections.0.title'],
    ['a title too long', { sections: [section({ title: 'x'.repeat(201) })] }, 'sections.0.title'],
    ['content with a NUL', { sections: [section({ content: 'read\u0000' })] }, 'sections.0.content'],
    ['content too long', { sections: [section({ content: 'x'.repeat(5001) })] }, 'sections.0.content'],
    ['a section id with markup', { sections: [section({ id: '<img onerror=x>' })] }, 'sections.0.id'],
    ['a title that is not text', { sections: [section({ title: 7 })] }, 'sections.0.title'],
  ])('answers 400 with a message for the field on %s and writes nothing', async (_label, payload, field) => {
    const fixture = await communityWith(app);
    await save(fixture.owner.agent, fixture.id, { sections: [HEADER], contentMarkdown: 'Kept' }).expect(200);
    const before = await snapshotGuidance(fixture.id);
    const response = await save(fixture.owner.agent, fixture.id, { contentMarkdown: 'Valid', ...payload });
    expectJsonError(response, 400);
    expect(typeof response.body.fields?.[field]).toBe('string');
    expect(await snapshotGuidance(fixture.id)).toEqual(before);
  });

  describe('markdown nested deeper than members can be shown it (issue 22: 20,000 > blanked every dashboard)', () => {
    const deeper = MARKDOWN_NESTING_MAX + 1;
    it.each([
      ['quotes on one line', '>'.repeat(GUIDANCE_MARKDOWN_MAX)],
      ['quotes one level deeper each line', Array.from({ length: deeper }, (_, index) => `${'>'.repeat(index + 1)} Deeper`).join('\n')],
      ['lists', `${'- '.repeat(deeper)}Deepest`],
      ['indented lists', Array.from({ length: deeper }, (_, index) => `${'  '.repeat(index)}- Level ${index + 1}`).join('\n')],
      ['ordered lists', '1. '.repeat(5000)],
      ['emphasis', `${'*'.repeat(5000)}a${'*'.repeat(5000)}`],
      ['emphasis in separate runs', `${'*a '.repeat(deeper)}${'a* '.repeat(deeper)}`],
      ['brackets', '['.repeat(GUIDANCE_MARKDOWN_MAX)],
      ['images in images', `${'!['.repeat(deeper)}a${'](x)'.repeat(deeper)}`],
    ])('answers 400 naming contentMarkdown for %s, and writes nothing', async (_label, contentMarkdown) => {
      const fixture = await communityWith(app);
      await save(fixture.owner.agent, fixture.id, { contentMarkdown: 'Kept' }).expect(200);
      const before = await snapshotGuidance(fixture.id);
      const response = await save(fixture.owner.agent, fixture.id, { contentMarkdown });
      expectJsonError(response, 400);
      expect(response.body.fields).toEqual({ contentMarkdown: GUIDANCE_NESTING_MESSAGE });
      expect(await snapshotGuidance(fixture.id)).toEqual(before);
    });

    it(`saves markdown nested ${MARKDOWN_NESTING_MAX} levels deep exactly as sent, which members see unflattened`, async () => {
      const fixture = await communityWith(app, 'member');
      const contentMarkdown = [
        Array.from({ length: MARKDOWN_NESTING_MAX }, (_, index) => `${'>'.repeat(index + 1)} Level ${index + 1}`).join('\n'),
        Array.from({ length: MARKDOWN_NESTING_MAX }, (_, index) => `${'  '.repeat(index)}- Level ${index + 1}`).join('\n'),
        `${'*a '.repeat(MARKDOWN_NESTING_MAX)}${'a* '.repeat(MARKDOWN_NESTING_MAX)}`,
        '- - -',
        Array.from({ length: 40 }, (_, index) => `**Bold ${index}** and [a link](https://example.org/${index})`).join(' '),
      ].join('\n\n');
      await save(fixture.owner.agent, fixture.id, { contentMarkdown }).expect(200);
      expect((await fixture.members[0]!.agent.get(guidancePath(fixture.id)).expect(200)).body.contentMarkdown).toBe(contentMarkdown);
      expect(flattenMarkdownNesting(contentMarkdown)).toBe(contentMarkdown);
    });
  });

  describe('markdown of more blocks than dashboards render (issue 38 item 4: 5,000 setext headings froze every dashboard)', () => {
    it.each([
      ['5,000 setext headings', 'a\n-\n'.repeat(5000), '5,000'],
      ['1,001 paragraphs', 'Pray.\n\n'.repeat(MARKDOWN_BLOCKS_MAX + 1), '1,001'],
      ['a table of 1,200 rows', '| Mon | 3 |\n'.repeat(1200), '1,200'],
    ])('answers 400 naming contentMarkdown, the limit and the count for %s, and writes nothing (the wizard saves through the same route)', async (_label, contentMarkdown, count) => {
      const fixture = await communityWith(app);
      await save(fixture.owner.agent, fixture.id, { contentMarkdown: 'Kept' }).expect(200);
      const before = await snapshotGuidance(fixture.id);
      for (const payload of [{ contentMarkdown }, { sections: [HEADER], contentMarkdown }]) {
        const response = await save(fixture.owner.agent, fixture.id, payload);
        expectJsonError(response, 400);
        expect(response.body.fields).toEqual({
          contentMarkdown: `Guidance can hold at most 1,000 blocks (paragraphs, headings, list items, table rows…); this has ${count}`,
        });
      }
      expect(await snapshotGuidance(fixture.id)).toEqual(before);
    });

    it('saves markdown of exactly 1,000 blocks as sent', async () => {
      const fixture = await communityWith(app, 'member');
      const contentMarkdown = ['Title\n---', '- Pray'].flatMap((block) => Array<string>(MARKDOWN_BLOCKS_MAX / 2).fill(block)).join('\n');
      expect(countMarkdownBlocks(contentMarkdown)).toBe(MARKDOWN_BLOCKS_MAX);
      await save(fixture.owner.agent, fixture.id, { contentMarkdown }).expect(200);
      expect((await fixture.members[0]!.agent.get(guidancePath(fixture.id)).expect(200)).body.contentMarkdown).toBe(contentMarkdown);
    });
  });

  it('refuses bad input on a first save too, leaving no row', async () => {
    const fixture = await communityWith(app);
    const response = await save(fixture.owner.agent, fixture.id, { sections: [section({ color: 'javascript:red' })], contentMarkdown: 'x' });
    expectJsonError(response, 400);
    expect(response.body.fields['sections.0.color']).toMatch(/^Text colour must be one of/);
    expect(await db.select().from(guidancePanels).where(eq(guidancePanels.communityId, fixture.id))).toEqual([]);
    expect((await auditRowsOf(db, fixture.id)).filter((entry) => entry.entity === 'guidance')).toEqual([]);
  });
});
