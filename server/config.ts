import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isWellFormedHostEntry } from './features/push/endpoint-policy';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));
const HOST_MESSAGE = 'HOST must be an IP address of this machine such as 127.0.0.1 or ::1, or a host name (no scheme, no port)';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  /**
   * The address to listen on: an IP address of this machine (127.0.0.1 for this machine only) or a host name.
   * Unset: every interface, IPv6 and IPv4.
   */
  HOST: optionalText.pipe(
    z
      .union([z.ipv4(), z.ipv6(), z.hostname()], { error: HOST_MESSAGE })
      // Dotted digits that are no IPv4 address (300.1.1.1) would pass as a name and fail only when listening.
      .refine((host) => !/^[\d.]+$/.test(host) || z.ipv4().safeParse(host).success, HOST_MESSAGE)
      .optional(),
  ),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url('PUBLIC_URL must be a URL such as https://steadfast.example.org').optional()),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /**
   * How long a stopping server keeps answering new requests while /readyz already says 503, so that a load
   * balancer checking readiness stops sending it any before it stops listening. 0 (the default) for one server.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Writes a backup into DATA_DIR/backups at this time every day, in the server's time zone: 'daily 03:00'. */
  BACKUP_SCHEDULE: optionalText.pipe(
    z
      .string()
      .regex(/^daily ([01]\d|2[0-3]):[0-5]\d$/, "BACKUP_SCHEDULE must be 'daily HH:MM' (24-hour clock, the server's time zone), e.g. daily 03:00")
      .optional(),
  ),
  /** How many backups DATA_DIR/backups keeps (the newest); older ones are removed after each scheduled backup. */
  BACKUP_KEEP: positiveInt(14),
  /** Turns GET /metrics on, for `Authorization: Bearer <this>` only (a long random string: openssl rand -hex 32). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_EMAIL: positiveInt(10),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(100),
  RATE_LIMIT_PASSWORD_CHANGE_PER_USER: positiveInt(10),
  RATE_LIMIT_PASSWORD_CHANGE_PER_IP: positiveInt(100),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(50),
  RATE_LIMIT_NAME_CHECK_PER_IP: positiveInt(120),
  RATE_LIMIT_JOIN_PER_USER: positiveInt(10),
  RATE_LIMIT_JOIN_PER_IP: positiveInt(200),
  RATE_LIMIT_APPLY_PER_IP: positiveInt(20),
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: positiveInt(5),
  RATE_LIMIT_PASSWORD_RESET_PER_IP: positiveInt(30),
  RATE_LIMIT_VERIFY_RESEND_PER_USER: positiveInt(5),
  RATE_LIMIT_QUESTIONS_PER_USER: positiveInt(10),
  RATE_LIMIT_MEETING_REQUESTS_PER_USER: positiveInt(10),
  /** Reschedules and cancels a member may make per hour of meetings they are the member of (a commander's own are not counted). */
  RATE_LIMIT_MEETING_CHANGES_PER_USER: positiveInt(10),
  /** Where mail is sent: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. Unset: .eml files under DATA_DIR/outbox. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465' }).optional()),
  /** The sender of every message, e.g. "Steadfast <no-reply@steadfast.example.org>". */
  MAIL_FROM: optionalText,
  /** Web Push (VAPID, RFC 8292): all three, or none (then generated once into DATA_DIR on the embedded database, else push is off). */
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: address or an https: URL').optional()),
  /**
   * The push services this server sends to, comma-separated host names ('*.' for any subdomain, ':port' when not 443): the only rule
   * for an endpoint (no SSRF through a subscription). Defaults to the browsers' own services.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .trim()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
    .transform((list) => list.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean))
    .refine(
      (hosts) => hosts.every(isWellFormedHostEntry),
      'PUSH_ENDPOINT_HOSTS must be comma-separated host names, each optionally with "*." before it (any subdomain) and ":port" after it (else 443), e.g. fcm.googleapis.com,*.notify.windows.com',
    ),
  FIREBASE_PROJECT_ID: optionalText,
  /**
   * The client's Firebase auth domain (read at build time by the client): Google's sign-in frame is served
   * from it, so the security policy allows it. A custom domain (auth.example.org) is not *.firebaseapp.com.
   */
  VITE_FIREBASE_AUTH_DOMAIN: optionalText.pipe(z.hostname('VITE_FIREBASE_AUTH_DOMAIN must be a host name such as my-project.firebaseapp.com (no scheme, no path)').optional()),
  /** Where Google's token-signing keys are fetched; unset means Google's own address (set only for tests and emulators). */
  FIREBASE_JWKS_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'FIREBASE_JWKS_URL must be an http(s) URL' }).optional()),
});

export type Config = z.infer<typeof configSchema>;

/** Every setting the server reads from its environment (deploy recipes may name no other). */
export const CONFIG_NAMES: readonly string[] = Object.keys(configSchema.shape);

/** Parses the environment once at start; a bad value stops the process with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A blank value ("PORT=" as in .env.example) means unset, i.e. the default, not 0 or an error.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = configSchema.safeParse(given);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  // The Firebase emulator accepts unsigned tokens: a production server must never be pointed at one.
  if (given.NODE_ENV === 'production' && given.FIREBASE_AUTH_EMULATOR_HOST !== undefined) {
    problems.push('  FIREBASE_AUTH_EMULATOR_HOST: must not be set in production (the Firebase emulator accepts unsigned tokens)');
  }
  // Mail really leaving the machine must link to where people open the app, not to this server's localhost.
  if (given.NODE_ENV === 'production' && given.SMTP_URL !== undefined && given.PUBLIC_URL === undefined) {
    problems.push('  PUBLIC_URL: required in production with SMTP_URL (the links in e-mails point there, e.g. https://steadfast.example.org)');
  }
  if (!parsed.success || problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return parsed.data;
}

/**
 * Defaults for tests and scripts, with any field overridden. DATA_DIR is a folder under the system's temp
 * directory, never the checkout's ./data: an app made here that writes a file (mail without SMTP_URL goes to
 * DATA_DIR/outbox) leaves nothing in the working tree. Nothing creates the folder unless something is written.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), `steadfast-test-data-${process.pid}`) }),
    SESSION_SECRET: 'test-secret-that-is-long-enough-to-sign-cookies',
    ...overrides,
  };
}

export function isServedOverHttps(config: Config): boolean {
  return config.PUBLIC_URL?.startsWith('https://') ?? false;
}

/** The address links in e-mails point at: PUBLIC_URL, else this server on localhost (never a request's Host header, which a caller chooses). */
export function publicOrigin(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
