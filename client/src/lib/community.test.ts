import { makeMembership } from '@/test/fixtures';
import { COMMUNITY_STORAGE_KEY, getStoredCommunityId, pickCurrentMembership, setStoredCommunityId } from './community';

describe('current community', () => {
  const first = makeMembership({ communityId: 'a' });
  const second = makeMembership({ communityId: 'b' });

  it('stores the choice locally', () => {
    setStoredCommunityId('b');
    expect(localStorage.getItem(COMMUNITY_STORAGE_KEY)).toBe('b');
    expect(getStoredCommunityId()).toBe('b');
    setStoredCommunityId(null);
    expect(getStoredCommunityId()).toBeNull();
  });

  it('shows the stored community, else the first membership', () => {
    expect(pickCurrentMembership([first, second], 'b')).toBe(second);
    expect(pickCurrentMembership([first, second], 'gone')).toBe(first);
    expect(pickCurrentMembership([first, second], null)).toBe(first);
    expect(pickCurrentMembership([], 'b')).toBeNull();
  });
});
