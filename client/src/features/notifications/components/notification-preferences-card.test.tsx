import { cleanup, screen, within } from '@testing-library/react';
import { makeMembership, makeNotificationPreferences, makeUser } from '@/test/fixtures';
import { apiError, deferred, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';
import { PUSH_SERVICE_UNREACHABLE } from '../push-device';
import { PREFERENCES_LOAD_FAILED } from './notification-preferences-card';

const defaults = makeNotificationPreferences();

function renderProfile(routes: Record<string, Handler> = {}, user = makeUser()) {
  const api = mockApi({
    'GET /api/user': () => json(user),
    'GET /api/memberships': () => json([makeMembership()]),
    'GET /api/user/notification-preferences': () => json(defaults),
    ...routes,
  });
  return { ...renderApp('/profile'), api };
}

const card = async () => within((await screen.findByRole('heading', { name: 'Notifications' })).closest('#notifications') as HTMLElement);

describe('Profile → Notifications', () => {
  it('shows one e-mail switch per kind, and saves only the one flipped', async () => {
    const { user, api } = renderProfile({ 'PUT /api/user/notification-preferences': () => json({ ...defaults, email: { ...defaults.email, meetings: false } }) });
    const notifications = await card();
    const meetings = await notifications.findByRole('switch', { name: 'E-mail: Meetings' });
    expect(meetings).toHaveAttribute('aria-checked', 'true');
    await user.click(meetings);
    expect(meetings).toHaveAttribute('aria-checked', 'false');
    expect(api.calls('PUT', '/api/user/notification-preferences').map((call) => call.body)).toEqual([{ email: { meetings: false } }]);
  });

  it("shows a member only the kinds that come to a member; a commander's and a moderator's come with their roles", async () => {
    renderProfile();
    const member = await card();
    expect(await member.findByRole('switch', { name: 'E-mail: Meetings' })).toBeInTheDocument();
    expect(member.queryByRole('switch', { name: 'E-mail: Applications to join (moderators)' })).not.toBeInTheDocument();
    expect(member.queryByRole('switch', { name: /Weekly word/ })).not.toBeInTheDocument();
    expect(member.queryByRole('switch', { name: 'E-mail: Questions and reflections sent to me' })).not.toBeInTheDocument();
    cleanup();

    renderProfile({ 'GET /api/memberships': () => json([makeMembership(), makeMembership({ role: 'CommunityModerator', roles: ['CommunityModerator'] })]) });
    const moderator = await card();
    expect(await moderator.findByRole('switch', { name: 'E-mail: Applications to join (moderators)' })).toHaveAttribute('aria-checked', 'false');
    expect(moderator.getByRole('switch', { name: 'E-mail: Weekly word: how many I lead may need a word (commanders)' })).toBeInTheDocument();
    expect(moderator.getByRole('switch', { name: 'E-mail: Questions and reflections sent to me' })).toBeInTheDocument();
  });

  it('puts a switch back and says so when the save is refused', async () => {
    const refused = deferred<Response>();
    const { user } = renderProfile({ 'PUT /api/user/notification-preferences': () => refused.promise });
    const answers = await (await card()).findByRole('switch', { name: 'E-mail: Answers to my questions and reflections' });
    await user.click(answers);
    expect(answers).toHaveAttribute('aria-checked', 'false');
    refused.resolve(apiError(500, 'Something went wrong.'));
    expect(await findToast('Your choice was not saved')).toBeInTheDocument();
    expect(answers).toHaveAttribute('aria-checked', 'true');
  });

  it('saves the time zone and quiet hours, and shows a field the server refused', async () => {
    const { user, api } = renderProfile({
      'PUT /api/user/notification-preferences': () => apiError(400, 'Please check the highlighted fields.', { 'quietHours.end': 'Quiet hours must end at another time than they start' }),
    });
    const notifications = await card();
    await user.click(await notifications.findByRole('checkbox', { name: /Quiet hours/ }));
    await user.clear(notifications.getByLabelText('Until'));
    await user.type(notifications.getByLabelText('Until'), '22:00');
    await user.click(notifications.getByRole('button', { name: 'Save reminder and quiet hours' }));
    expect(api.calls('PUT', '/api/user/notification-preferences')[0]?.body).toEqual({ timeZone: 'America/Chicago', dailyReminder: false, reminderTime: null, reminderEmail: false, quietHours: { start: '22:00', end: '22:00' } });
    expect(await notifications.findByText('Quiet hours must end at another time than they start')).toBeInTheDocument();
    expect(notifications.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says e-mails wait for a confirmed address', async () => {
    renderProfile({}, makeUser({ emailVerified: false }));
    expect(await (await card()).findByText(/E-mails go only to a confirmed address/)).toBeInTheDocument();
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    let calls = 0;
    const { user } = renderProfile({ 'GET /api/user/notification-preferences': () => (++calls === 1 ? apiError(500, 'Something went wrong.') : json(defaults)) });
    const notifications = await card();
    expect(await notifications.findByText(PREFERENCES_LOAD_FAILED)).toBeInTheDocument();
    await user.click(notifications.getByRole('button', { name: 'Retry' }));
    expect(await notifications.findByRole('switch', { name: 'E-mail: Meetings' })).toBeInTheDocument();
  });

  it('turns the daily reminder on with its time and e-mail choice', async () => {
    const { user, api } = renderProfile({ 'PUT /api/user/notification-preferences': () => json({ ...defaults, dailyReminder: true, reminderTime: '06:45' }) });
    const notifications = await card();
    await user.click(await notifications.findByRole('checkbox', { name: /Remind me on days I have not checked in yet/ }));
    await user.clear(notifications.getByLabelText('Reminder time'));
    await user.type(notifications.getByLabelText('Reminder time'), '06:45');
    await user.click(notifications.getByRole('checkbox', { name: 'Also by e-mail' }));
    await user.click(notifications.getByRole('button', { name: 'Save reminder and quiet hours' }));
    expect(api.calls('PUT', '/api/user/notification-preferences')[0]?.body).toEqual({ timeZone: 'America/Chicago', dailyReminder: true, reminderTime: '06:45', reminderEmail: true, quietHours: null });
    expect(await findToast('Saved')).toBeInTheDocument();
  });

  it('says why push cannot be turned on: a browser without push, or a server without keys', async () => {
    renderProfile();
    expect(await (await card()).findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
  });

  it('says why when the browser cannot reach its push service, instead of asking to try again', async () => {
    const requestPermission = vi.fn(async () => 'granted');
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    vi.stubGlobal('PushManager', function PushManager() {});
    // Chromium's answer when its push service cannot be reached.
    const pushManager = { getSubscription: async () => null, subscribe: async () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')) };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }), ready: Promise.resolve({ pushManager }) } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { user } = renderProfile({ 'GET /api/push/public-key': () => json({ publicKey: 'BAAA' }) });
      const section = await card();
      await user.click(await section.findByRole('button', { name: 'Turn on push on this device' }));
      const said = await section.findByText(PUSH_SERVICE_UNREACHABLE);
      expect(said).toHaveAttribute('role', 'alert');
      expect(section.queryByText(/Please try again/)).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('shows the server’s reason when push is not set up there, and never asks the browser first', async () => {
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } });
    try {
      renderProfile({ 'GET /api/push/public-key': () => apiError(404, 'Push notifications are not set up on this server (its operator has not set VAPID keys).', undefined, 'push_not_configured') });
      const notifications = await card();
      expect(await notifications.findByText(/its operator has not set VAPID keys/)).toBeInTheDocument();
      expect(requestPermission).not.toHaveBeenCalled();
      // No Push column: it would switch nothing on this server.
      expect(notifications.getByRole('switch', { name: 'E-mail: Meetings' })).toBeInTheDocument();
      expect(notifications.queryByRole('switch', { name: /^Push: / })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
