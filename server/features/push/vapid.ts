import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { apiMessage } from '@shared/domain/messages';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Push is on with these keys, or off with the reason the profile shows. */
export type PushSetup = { enabled: true; vapid: VapidKeys } | { enabled: false; reason: string };

export const PUSH_OFF_NOT_CONFIGURED = apiMessage('Push notifications are not set up on this server (its operator has not set VAPID keys).');
const PARTIAL = 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three, or none.';

/**
 * The VAPID keys: from the environment; else, on the embedded database, generated once and kept in DATA_DIR
 * like the session secret; with DATABASE_URL in production and none set, push is off (several servers must
 * share one key pair, which only the operator can give them).
 */
export function resolvePushSetup(config: Config): PushSetup {
  const given = [config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, config.VAPID_SUBJECT].filter(Boolean).length;
  if (given === 3) return { enabled: true, vapid: { publicKey: config.VAPID_PUBLIC_KEY!, privateKey: config.VAPID_PRIVATE_KEY!, subject: config.VAPID_SUBJECT! } };
  if (given > 0) throw new Error(`Invalid configuration:\n  ${PARTIAL}`);
  if (config.DATABASE_URL && config.NODE_ENV === 'production') return { enabled: false, reason: PUSH_OFF_NOT_CONFIGURED };
  const keyPath = path.join(config.DATA_DIR, 'vapid-keys.json');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  if (!fs.existsSync(keyPath)) {
    const keys = webpush.generateVAPIDKeys();
    const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
    fs.writeFileSync(keyPath, JSON.stringify({ ...keys, subject: config.PUBLIC_URL?.startsWith('https://') ? new URL(config.PUBLIC_URL).origin : `mailto:no-reply@${host}` }), { mode: 0o600, flag: 'wx' });
  }
  return { enabled: true, vapid: JSON.parse(fs.readFileSync(keyPath, 'utf8')) as VapidKeys };
}
