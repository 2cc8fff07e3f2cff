/**
 * A short label for the browser and system a push subscription was made on ('Chrome on Android', 'Safari on
 * iPhone'), read from the User-Agent when it subscribes, so a person can tell their devices apart on Profile.
 * Only a label: never the whole header (it is a fingerprint), and nothing is decided by it.
 */
export function deviceLabel(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = userAgent.slice(0, 512);
  return `${browserOf(ua)} on ${systemOf(ua)}`;
}

function browserOf(ua: string): string {
  if (/\bEdg(?:e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\b(?:OPR|Opera)\//.test(ua)) return 'Opera';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  if (/\bCriOS\//.test(ua)) return 'Chrome';
  if (/\bChrom(?:e|ium)\//.test(ua)) return 'Chrome';
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) || /\bAppleWebKit\//.test(ua)) return 'Safari';
  return 'A browser';
}

function systemOf(ua: string): string {
  if (/\biPhone\b/.test(ua)) return 'iPhone';
  if (/\biPad\b/.test(ua)) return 'iPad';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'Mac';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'another system';
}
