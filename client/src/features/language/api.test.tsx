import { render, waitFor } from '@testing-library/react';
import type { PublicUser } from '@shared/contracts/auth';
import { i18n } from '@/i18n';
import { makeUser } from '@/test/fixtures';
import { useFollowUserLocale } from './api';

function Follow({ user }: { user: PublicUser | null }) {
  useFollowUserLocale(user);
  return null;
}

describe('useFollowUserLocale', () => {
  it("shows the signed-in user's language without keeping it for this browser, and the browser's own after sign-out", async () => {
    localStorage.clear();
    const { rerender } = render(<Follow user={makeUser({ locale: 'ko' })} />);
    await waitFor(() => expect(i18n.locale).toBe('ko'));
    expect(document.documentElement.lang).toBe('ko');
    // A shared computer: the next person to sign in is not shown (nor sends as Accept-Language) the last one's.
    expect(localStorage.getItem('steadfast.locale')).toBeNull();
    rerender(<Follow user={null} />);
    // jsdom's browser prefers en-US.
    await waitFor(() => expect(i18n.locale).toBe('en'));
  });
});
