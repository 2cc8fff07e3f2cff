import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDeviceView } from '@shared/contracts/push';
import { msg } from '@/i18n';
import { apiJson, apiRequest, findApiError } from '@/lib/api-client';

/**
 * Push on this device (issue 24): the browser's permission is asked only when the person turns push on
 * here, never on first load. The subscription is the browser's; the server keeps one per endpoint.
 */
export type PushState =
  | { kind: 'unsupported' }
  /** `reason`: the server's words, when it gave them. */
  | { kind: 'server-off'; reason: string | null }
  | { kind: 'blocked' }
  | { kind: 'off'; publicKey: string }
  | { kind: 'on'; publicKey: string; endpoint: string };

const PUSH_STATE_KEY = ['push-device'] as const;

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readPushState(): Promise<PushState> {
  if (!supported()) return { kind: 'unsupported' };
  let publicKey: string;
  try {
    ({ publicKey } = await apiJson<{ publicKey: string }>('GET', '/api/push/public-key'));
  } catch (error) {
    const apiError = findApiError(error);
    if (apiError?.code === 'push_not_configured') return { kind: 'server-off', reason: apiError.serverMessage ?? null };
    throw error;
  }
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) return { kind: 'off', publicKey };
  // The browser keeps its subscription across sign-outs, but the server forgets a device whose session ended
  // (issue 38 item 1): push is on here only if this session's device is among the account's.
  const devices = await apiJson<PushDeviceView[]>('GET', '/api/push/subscriptions');
  return devices.some((device) => device.current) ? { kind: 'on', publicKey, endpoint: subscription.endpoint } : { kind: 'off', publicKey };
}

export function usePushState() {
  return useQuery<PushState>({ queryKey: PUSH_STATE_KEY, queryFn: readPushState });
}

/** The VAPID key as the Push API wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Why this browser could not be set up for push: a message below, translated where shown. */
export class PushSetupError extends Error {}

export const PUSH_PERMISSION_REFUSED = msg('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
/**
 * The browser could not register with its push service (Chromium's AbortError 'push service error'): the
 * service is the browser maker's, out of this site's reach, so trying again at once rarely helps.
 */
export const PUSH_SERVICE_UNREACHABLE = msg(
  'This browser could not reach its push service (run by the browser’s maker, not by this community). The device may be offline, a network may block it, or this browser may not offer push. E-mail notifications still work.',
);

async function subscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  } catch (error) {
    console.error('Subscribing to the push service failed', error);
    throw new PushSetupError(PUSH_SERVICE_UNREACHABLE, { cause: error });
  }
}

/** Asks the browser's permission (the person just chose this), subscribes, and tells the server. */
export function useTurnPushOn() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: async (publicKey) => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new PushSetupError(PUSH_PERMISSION_REFUSED);
      const registration = await navigator.serviceWorker.ready;
      const subscription = await subscribe(registration, publicKey);
      await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/push/subscriptions'] })]),
  });
}

/** Forgets this device on the server, then unsubscribes the browser. */
export function useTurnPushOff() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: async (endpoint) => {
      await apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
      await (await currentSubscription())?.unsubscribe();
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/push/subscriptions'] })]),
  });
}

/** GET /api/push/subscriptions: the devices that receive the account's pushes (issue 38 item 1). */
export const PUSH_DEVICES_KEY = ['/api/push/subscriptions'] as const;

export function usePushDevices() {
  return useQuery<PushDeviceView[]>({ queryKey: PUSH_DEVICES_KEY });
}

/** DELETE /api/push/subscriptions/{id}: that device receives no more pushes of this account. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, PushDeviceView>({
    mutationFn: async (device) => {
      await apiRequest('DELETE', `/api/push/subscriptions/${device.id}`);
      // This browser's own: let go of the browser's subscription too.
      if (device.current) await (await currentSubscription())?.unsubscribe();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY });
      void queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY });
    },
  });
}
