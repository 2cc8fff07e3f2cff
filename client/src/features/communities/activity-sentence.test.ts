import type { ActivityEntry } from '@shared/contracts/activity';
import { activitySentence } from './activity-sentence';

const entry = (kind: string, detail: ActivityEntry['detail'] = {}, subject: string | null = 'Ruth Okafor', actor: string | null = 'Pastor Grace'): ActivityEntry => ({
  id: 'a1',
  at: '2026-11-29T07:00:00.000Z',
  kind,
  actor,
  subject,
  detail,
});

/** Every kind the server records inside a community (server/features: recordAudit with a communityId). */
const KINDS = [
  'community.create', 'community.update', 'community.close', 'community.reopen',
  'membership.join', 'membership.leave', 'membership.remove', 'membership.roles.update', 'membership.subgroup.assign',
  'subgroup.create', 'subgroup.delete', 'subgroup.commander.update',
  'invite_code.create', 'invite_code.revoke', 'member_application.approve', 'member_application.reject',
  'calendar_lock.lock', 'calendar_lock.unlock', 'calendar_lock.remove', 'import.csv', 'guidance.save',
  'discipline_templates.replace', 'user_discipline_targets.update',
  'user.rename', 'user.claim', 'user.link-imported', 'user.offer-imported', 'user.decline-imported',
];

describe('activitySentence', () => {
  it.each(KINDS)('says %s in words of its own', (kind) => {
    const sentence = activitySentence(entry(kind, { month: 3, year: 2026, name: 'Alpha Group', roles: ['Commander'], to: 'Alpha Group', count: 4, fields: ['timeZone'] }));
    expect(sentence).not.toContain(kind);
    expect(sentence).toMatch(/^Pastor Grace |^Ruth Okafor /);
    expect(sentence).toMatch(/\.$/);
  });

  it('names people, subgroups, months and settings as the admin pages do', () => {
    expect(activitySentence(entry('membership.roles.update', { roles: ['CommunityModerator', 'Member'] }))).toBe("Pastor Grace set Ruth Okafor's roles to Community Moderator and Member.");
    expect(activitySentence(entry('membership.subgroup.assign', { to: null }))).toBe('Pastor Grace took Ruth Okafor out of their subgroup.');
    expect(activitySentence(entry('subgroup.commander.update', { to: 'Ruth Okafor' }, 'Alpha Group'))).toBe('Pastor Grace made Ruth Okafor the commander of Alpha Group.');
    expect(activitySentence(entry('calendar_lock.lock', { month: 12, year: 2025 }, null))).toBe('Pastor Grace locked December 2025.');
    expect(activitySentence(entry('import.csv', { month: 1, year: 2026, count: 1 }, null))).toBe('Pastor Grace imported 1 member for January 2026.');
    expect(activitySentence(entry('community.update', { fields: ['timeZone', 'graceDays'] }, null))).toBe("Pastor Grace changed the community's time zone and grace days.");
    expect(activitySentence(entry('membership.join', {}, 'Ruth Okafor', 'Ruth Okafor'))).toBe('Ruth Okafor joined with an invitation code.');
  });

  it('says who when nobody can be named: the operator, a former member, a deleted subgroup', () => {
    expect(activitySentence(entry('membership.remove', {}, null, null))).toBe("The server's operator removed a former member from the community.");
    expect(activitySentence(entry('subgroup.commander.update', { to: null }, null))).toBe('Pastor Grace left a subgroup since deleted without a commander.');
  });
});
