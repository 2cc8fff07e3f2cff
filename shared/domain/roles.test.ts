import { atLeast, can, canGrant, effectiveRoles, highestRole, isAdmin, isCommander } from './roles';

describe('roles', () => {
  it('picks the highest role in the order SuperAdmin, InstitutionAdmin, CommunityModerator, Commander, Member', () => {
    expect(highestRole(['Member', 'Commander'])).toBe('Commander');
    expect(highestRole(['Commander', 'InstitutionAdmin', 'CommunityModerator'])).toBe('InstitutionAdmin');
    expect(highestRole(['SuperAdmin', 'Member'])).toBe('SuperAdmin');
    expect(highestRole([])).toBe('Member');
  });

  it('treats the three admin roles as admin and nothing else', () => {
    expect(isAdmin(['SuperAdmin'])).toBe(true);
    expect(isAdmin(['InstitutionAdmin'])).toBe(true);
    expect(isAdmin(['CommunityModerator'])).toBe(true);
    expect(isAdmin(['Commander'])).toBe(false);
    expect(isAdmin(['Member'])).toBe(false);
  });

  it('lets commander checks include admins and member checks include commanders', () => {
    expect(isCommander(['CommunityModerator'])).toBe(true);
    expect(isCommander(['Commander'])).toBe(true);
    expect(isCommander(['Member'])).toBe(false);
    expect(atLeast(['Commander'], 'Member')).toBe(true);
  });

  it('answers can() from the action table', () => {
    expect(can({ roles: ['Member'] }, 'invites:create')).toBe(false);
    expect(can({ roles: ['CommunityModerator'] }, 'invites:create')).toBe(true);
    expect(can({ roles: ['Commander'] }, 'subgroup-stats:read')).toBe(true);
    expect(can({ roles: ['Member'] }, 'subgroup-stats:read')).toBe(false);
    expect(can(null, 'community:read')).toBe(false);
  });

  it('never lets anyone grant a role above their own', () => {
    expect(canGrant(['CommunityModerator'], 'InstitutionAdmin')).toBe(false);
    expect(canGrant(['CommunityModerator'], 'CommunityModerator')).toBe(true);
    expect(canGrant(['CommunityModerator'], 'Commander')).toBe(true);
    expect(canGrant(['InstitutionAdmin'], 'InstitutionAdmin')).toBe(true);
    expect(canGrant(['InstitutionAdmin'], 'SuperAdmin')).toBe(false);
  });

  it('puts the roles granted beyond the membership before its own, without repeats', () => {
    expect(effectiveRoles(['Member', 'Commander'], { institutionAdmin: false, superAdmin: false })).toEqual(['Member', 'Commander']);
    expect(effectiveRoles(['Member'], { institutionAdmin: true, superAdmin: true })).toEqual(['SuperAdmin', 'InstitutionAdmin', 'Member']);
    expect(effectiveRoles(['InstitutionAdmin'], { institutionAdmin: true, superAdmin: false })).toEqual(['InstitutionAdmin']);
    expect(effectiveRoles([], { institutionAdmin: false, superAdmin: false })).toEqual([]);
  });
});
