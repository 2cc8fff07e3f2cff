import { normalisedPushEndpoint } from './endpoint-policy';
import { deviceLabel } from './device-label';

// Issue 38 item 3: a push endpoint is parsed once; what the allowlist approves is what is stored and sent to.
const HOSTS = ['fcm.googleapis.com', '*.notify.windows.com', 'push.example.org:8443'];

describe('normalisedPushEndpoint', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https:fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https:/fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['HTTPS://FCM.googleapis.com:443/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https://wns2-by3p.notify.windows.com/w/?token=x', 'https://wns2-by3p.notify.windows.com/w/?token=x'],
    ['https://push.example.org:8443/p/1', 'https://push.example.org:8443/p/1'],
  ])('accepts %s as %s', (endpoint, stored) => {
    expect(normalisedPushEndpoint(endpoint, HOSTS)).toBe(stored);
  });

  it.each([
    ['another port on an allowed host', 'https://fcm.googleapis.com:81/x'],
    ['port 443 where the list names another', 'https://push.example.org/p/1'],
    ['another port where the list names one', 'https://push.example.org:8444/p/1'],
    ['http:', 'http://fcm.googleapis.com/x'],
    ['user info', 'https://a:b@fcm.googleapis.com/x'],
    ['a user name only', 'https://a@fcm.googleapis.com/x'],
    ['a look-alike suffix', 'https://fcm.googleapis.com.evil.net/x'],
    ['the bare wildcard suffix', 'https://notify.windows.com/x'],
    ['not a URL', 'fcm.googleapis.com/x'],
  ])('refuses %s', (_label, endpoint) => {
    expect(normalisedPushEndpoint(endpoint, HOSTS)).toBeNull();
  });
});

describe('deviceLabel', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Mac'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    [undefined, 'Unknown device'],
  ])('calls %s "%s"', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});
