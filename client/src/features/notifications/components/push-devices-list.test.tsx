import { screen, within } from '@testing-library/react';
import type { PushDeviceView } from '@shared/contracts/push';
import { makeMembership, makeNotificationPreferences, makeUser } from '@/test/fixtures';
import { apiError, type Handler, json, mockApi } from '@/test/api-mock';
import { findToast, renderApp } from '@/test/render-app';

// Issue 38 item 1: Profile lists the devices that receive the account's pushes, each with Remove; push shows as
// on for this browser only while this session's device is among them.

const defaults = makeNotificationPreferences();
const phone: PushDeviceView = { id: 'd0000000-0000-4000-8000-000000000001', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null, device: 'Chrome on Android', current: false };
const laptop: PushDeviceView = { id: 'd0000000-0000-4000-8000-000000000002', createdAt: '2026-11-21T10:00:00.000Z', lastUsedAt: '2026-11-27T10:00:00.000Z', device: 'Firefox on Windows', current: true };

function renderProfile(routes: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/user': () => json(makeUser()),
    'GET /api/memberships': () => json([makeMembership()]),
    'GET /api/user/notification-preferences': () => json(defaults),
    'GET /api/push/public-key': () => json({ publicKey: 'BPublicKey' }),
    ...routes,
  });
  return { ...renderApp('/profile'), api };
}

const devicesSection = async () => within((await screen.findByRole('heading', { name: 'Devices receiving push' })).closest('section') as HTMLElement);

/** A browser that can receive pushes, already subscribed (as after an earlier sign-in on it). */
function subscribedBrowser() {
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'granted', requestPermission: vi.fn() }));
  vi.stubGlobal('PushManager', function PushManager() {});
  const subscription = { endpoint: 'https://push.example.org/this-browser', unsubscribe: vi.fn(async () => true) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) } });
  return subscription;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Profile: devices receiving push', () => {
  it('lists each device with its label and dates, marks this one, and removes one with Remove', async () => {
    let devices = [laptop, phone];
    const { user, api } = renderProfile({
      'GET /api/push/subscriptions': () => json(devices),
      [`DELETE /api/push/subscriptions/${phone.id}`]: () => new Response(null, { status: 204 }),
    });
    const section = await devicesSection();
    expect(await section.findByText('Chrome on Android')).toBeInTheDocument();
    expect(section.getByText('This device')).toBeInTheDocument();
    expect(section.getByText(/Added November 20, 2026 · no push yet/)).toBeInTheDocument();
    devices = [laptop];
    await user.click(section.getByRole('button', { name: 'Remove Chrome on Android, added November 20, 2026' }));
    expect(await findToast('Device removed')).toHaveTextContent('Chrome on Android receives no more push notifications from Steadfast.');
    expect(api.calls('DELETE', `/api/push/subscriptions/${phone.id}`)).toHaveLength(1);
    await vi.waitFor(() => expect(section.queryByText('Chrome on Android')).not.toBeInTheDocument());
  });

  it('says when no device receives push, and offers Retry when the list cannot be read', async () => {
    let fail = true;
    const { user } = renderProfile({ 'GET /api/push/subscriptions': () => (fail ? apiError(503, 'Down') : json([])) });
    const section = await devicesSection();
    const retry = await section.findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(await section.findByText('No device receives push notifications for this account.')).toBeInTheDocument();
  });

  it('shows push as off for a browser still subscribed whose device the server forgot (signed out since)', async () => {
    subscribedBrowser();
    renderProfile({ 'GET /api/push/subscriptions': () => json([phone]) });
    expect(await screen.findByRole('button', { name: 'Turn on push on this device' })).toBeInTheDocument();
    expect(screen.queryByText('Push is on for this device.')).not.toBeInTheDocument();
  });

  it('shows push as on when this session’s device is among the account’s', async () => {
    subscribedBrowser();
    renderProfile({ 'GET /api/push/subscriptions': () => json([laptop]) });
    expect(await screen.findByText('Push is on for this device.')).toBeInTheDocument();
  });
});
