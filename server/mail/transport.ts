import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type TransportOptions } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';

/** One message as the outbox hands it over. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
}

/** Hands a message to the mail system; throws when it was not accepted (the outbox retries). */
export type SendMail = (message: OutgoingMail) => Promise<void>;

/** A slow or silent SMTP server fails the attempt (and it is retried) instead of holding the worker. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function mailSender(config: Config): string {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `Steadfast <no-reply@${host}>`;
}

/** Sends through SMTP_URL (nodemailer upgrades smtp:// with STARTTLS when the server offers it). */
export function smtpSender(smtpUrl: string, from: string): SendMail {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS } as TransportOptions, { from });
  return async (message) => {
    await transport.sendMail({ ...message, html: message.html ?? undefined, headers: message.headers ?? undefined });
  };
}

/**
 * Without SMTP_URL: each message becomes an .eml file under DATA_DIR/outbox/ (any mail program opens one).
 * The log names the file, never its content: the links in it are credentials.
 */
export function folderSender(folder: string, from: string, logger: Logger): SendMail {
  // CRLF, as the message would travel (RFC 5322): a mail program opening the file reads it as sent.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return async (message) => {
    const info = await transport.sendMail({ from, ...message, html: message.html ?? undefined, headers: message.headers ?? undefined });
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    logger.info({ path: path.resolve(file) }, 'e-mail written to the outbox folder');
  };
}

/** The sender this configuration asks for; without SMTP_URL in production with DATABASE_URL, a warning once. */
export function configuredSender(config: Config, logger: Logger): SendMail {
  const from = mailSender(config);
  if (config.SMTP_URL) return smtpSender(config.SMTP_URL, from);
  const folder = path.join(config.DATA_DIR, 'outbox');
  if (config.NODE_ENV === 'production' && config.DATABASE_URL) {
    logger.warn({ folder: path.resolve(folder) }, 'SMTP_URL is not set: e-mails (verification, password reset) are written as .eml files instead of sent');
  }
  return folderSender(folder, from, logger);
}
