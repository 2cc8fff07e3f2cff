import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

/** A message the test SMTP server accepted, parsed. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string | false;
  headers: ParsedMail['headers'];
  /** Each header as it was sent ('List-Unsubscribe: <…>'), by its lower-case name: mailparser reads some into objects. */
  rawHeaders: Record<string, string>;
  /** The first link in the text part. */
  link: string | null;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Addresses at a domain of this server's own (so a test file on a shared Postgres sends only its own mail). */
  domain: string;
  address(prefix: string): string;
  /** Resolves with the messages to `to` once `count` have arrived (a test times out otherwise). */
  waitFor(to: string, count?: number): Promise<ReceivedMail[]>;
  /** Refuses every message (4xx) until `accept()`: the mail system is down. */
  refuse(): void;
  accept(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package), which parses each message it accepts with
 * mailparser: mail tests send through nodemailer exactly as production does. Closed after the file's tests.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mail system down for the test'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const rawHeaders = Object.fromEntries(parsed.headerLines.map((header) => [header.key, header.line.replace(/\r?\n\s+/g, ' ')]));
          received.push({ to: to ?? '', subject: parsed.subject ?? '', text, html: parsed.html ?? false, headers: parsed.headers, rawHeaders, link: text.match(/https?:\/\/\S+/)?.[0] ?? null });
          callback();
          for (const wake of waiters) wake();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const domain = `${randomUUID().slice(0, 8)}.mail.test`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(close);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    domain,
    address: (prefix) => `${prefix}-${randomUUID().slice(0, 8)}@${domain}`,
    waitFor(to, count = 1) {
      const mine = () => received.filter((mail) => mail.to === to);
      return new Promise((resolve) => {
        const check = () => {
          if (mine().length < count) return;
          waiters.delete(check);
          resolve(mine());
        };
        waiters.add(check);
        check();
      });
    },
    refuse: () => (refusing = true),
    accept: () => (refusing = false),
    close,
  };
}
