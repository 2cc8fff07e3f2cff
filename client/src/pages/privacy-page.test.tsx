import { screen, within } from '@testing-library/react';
import { CLOSING_DAYS } from '@shared/domain/community-closing';
import { AUDIT_KEEP_DAYS, HISTORY_OFFER_DAYS, NOTIFICATION_KEEP_DAYS, SENT_MAIL_KEEP_DAYS, SESSION_IDLE_DAYS } from '@shared/domain/retention';
import { json, mockApi, unauthorized } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const HEADINGS = ['Who sees what', 'What is e-mailed or pushed', 'What is kept, and for how long', 'What backups hold', 'Download or delete your data'];

describe('/privacy', () => {
  it('opens signed out with its headings, the keeping periods the server prunes by, and a way back to sign in', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user, location } = renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'How we keep your data' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(HEADINGS);

    const kept = screen.getByRole('region', { name: 'What is kept, and for how long' });
    const periodOf = (what: RegExp) => within(kept).getByText(what).nextElementSibling?.textContent;
    expect(periodOf(/^Notifications/)).toContain(`${NOTIFICATION_KEEP_DAYS} days`);
    expect(periodOf(/^The audit log/)).toContain(`${AUDIT_KEEP_DAYS} days`);
    expect(periodOf(/^Signed-in devices/)).toContain(`${SESSION_IDLE_DAYS} days`);
    expect(periodOf(/^E-mails and push messages/)).toContain(`${SENT_MAIL_KEEP_DAYS} days`);
    expect(periodOf(/^An offer of imported history/)).toContain(`${HISTORY_OFFER_DAYS} days`);
    expect(periodOf(/^A community that is closed/)).toContain(`${CLOSING_DAYS} days`);

    const backups = screen.getByRole('region', { name: 'What backups hold' });
    expect(backups).toHaveTextContent(/deleted account.*stays in the backups/);
    expect(screen.getByRole('region', { name: 'What is e-mailed or pushed' })).toHaveTextContent(/never leaves the app/);

    await user.click(await screen.findByRole('link', { name: 'Back to sign in' }));
    expect(location()).toBe('/auth');
  });

  it('opens signed in too, with a way back into the app', async () => {
    mockApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/memberships': () => json([]) });
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'How we keep your data' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Steadfast' })).toHaveAttribute('href', '/');
  });

  it('is linked from sign-up', async () => {
    mockApi({ 'GET /api/user': unauthorized });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    expect(await screen.findByRole('link', { name: 'How we keep your data' })).toHaveAttribute('href', '/privacy');
  });
});
