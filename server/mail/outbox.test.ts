import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { mailOutbox } from '@shared/schema/mail';
import { createApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { uniqueIdentity } from '../test/factories';
import { startTestSmtpServer } from '../test/smtp';
import { CHANNEL_LIMITS, enqueueMail } from './outbox';
import { type SendMail, smtpSender } from './transport';
import { testDatabaseTarget } from '../test/database-template';

const smtp = await startTestSmtpServer();
const silent = pino({ level: 'silent' });

/**
 * Two servers of one deployment: on Postgres two pools on one database, on PGlite two apps on its one
 * connection. Opened once for the file (each test's messages go to addresses of its own).
 */
const url = process.env.TEST_DATABASE_URL;
const first = await openDatabase(testDatabaseTarget());
const second = url ? await openDatabase({ databaseUrl: url }) : first;
const shared = { first, second };
afterAll(async () => {
  for (const database of new Set([first, second])) await database.close();
});

function appOn(database: Awaited<ReturnType<typeof openDatabase>>, overrides: { retryBaseMs?: number } = {}) {
  const config = testConfig({ SMTP_URL: smtp.url });
  return createApp({ database, config, sessionSecret: config.SESSION_SECRET!, logger: silent, mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 100, ...overrides } } });
}

const message = (to: string, n: number) => ({ kind: 'test', to, subject: `Message ${n}`, text: `Body ${n}` });

describe('the mail outbox', () => {
  it('two servers on one database send each queued message once', async () => {
    const a = appOn(shared.first);
    const b = appOn(shared.second);
    const to = smtp.address('both');
    await shared.first.db.transaction(async (tx) => {
      for (let n = 0; n < 40; n++) await enqueueMail(tx, message(to, n));
    });
    a.outbox!.wake();
    b.outbox!.wake();
    await smtp.waitFor(to, 40);
    await Promise.all([a.outbox!.drain(), b.outbox!.drain()]);
    await Promise.all([a.close(), b.close()]);
    const subjects = smtp.received.filter((mail) => mail.to === to).map((mail) => mail.subject);
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    const rows = await shared.first.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1 && row.textBody === '')).toBe(true);
  });

  it('a server stuck on slow sends holds only the messages in flight (its lane’s few): the other sends the rest, and nothing goes twice', async () => {
    const to = smtp.address('slow');
    const config = testConfig({ SMTP_URL: smtp.url });
    const real = smtpSender(smtp.url, 'Steadfast <no-reply@localhost>');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    // The slow server sends through the real SMTP server too, once let go.
    const slowSend: SendMail = async (message) => {
      slowStarted();
      await held;
      await real(message);
    };
    const worker = { recipientSuffix: `@${smtp.domain}`, pollMs: 100 };
    const slow = createApp({ database: shared.first, config, sessionSecret: config.SESSION_SECRET!, logger: silent, mail: { send: slowSend, worker } });
    const total = CHANNEL_LIMITS.email.inFlight + 5;
    await shared.first.db.transaction(async (tx) => {
      for (let n = 0; n < total; n++) await enqueueMail(tx, message(to, n));
    });
    slow.outbox!.wake();
    await started;
    const fast = createApp({ database: shared.second, config, sessionSecret: config.SESSION_SECRET!, logger: silent, mail: { worker } });
    try {
      await smtp.waitFor(to, total - CHANNEL_LIMITS.email.inFlight);
    } finally {
      // Whatever happened, neither worker outlives the test (they would send the next tests' messages).
      release();
      await smtp.waitFor(to, total);
      await Promise.all([slow.outbox!.drain(), fast.outbox!.drain()]);
      await Promise.all([slow.close(), fast.close()]);
    }
    const subjects = smtp.received.filter((mail) => mail.to === to).map((mail) => mail.subject);
    expect(subjects.sort()).toEqual(Array.from({ length: total }, (_, n) => `Message ${n}`).sort());
  });

  it('a message queued while the SMTP server refuses arrives once it accepts again', async () => {
    const app = appOn(shared.first, { retryBaseMs: 50 });
    const to = smtp.address('later');
    smtp.refuse();
    await enqueueMail(shared.first.db, message(to, 1));
    app.outbox!.wake();
    // Wait for the refused attempt to be recorded, then bring the mail system back.
    for (;;) {
      const [row] = await shared.first.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
      if (row?.lastError) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    smtp.accept();
    const [mail] = await smtp.waitFor(to);
    expect(mail!.subject).toBe('Message 1');
    await app.close();
    const [row] = await shared.first.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(row!.sentAt).not.toBeNull();
  });

  it('a restart loses nothing: what one server queued and never sent, the next one sends', async () => {
    const to = smtp.address('restart');
    // Queued with no worker running (a server that stopped right after the commit).
    await enqueueMail(shared.first.db, message(to, 7));
    const next = appOn(shared.second);
    const [mail] = await smtp.waitFor(to);
    expect(mail!.text.trim()).toBe('Body 7');
    await next.close();
  });

  it('gives up after 24 hours and blanks the body', async () => {
    const database = shared.first;
    const to = smtp.address('never');
    let offset = 0;
    const config = testConfig({ SMTP_URL: smtp.url });
    const app = createApp({
      database,
      config,
      sessionSecret: config.SESSION_SECRET!,
      logger: silent,
      clock: () => Date.now() + offset,
      mail: { worker: { recipientSuffix: `@${smtp.domain}`, pollMs: 50, retryBaseMs: 10 } },
    });
    smtp.refuse();
    await enqueueMail(database.db, message(to, 9));
    offset = 25 * 60 * 60 * 1000;
    app.outbox!.wake();
    for (;;) {
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
      if (row?.failedAt) {
        expect(row.textBody).toBe('');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    smtp.accept();
    await app.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and logs its path, never its link', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'steadfast-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const database = shared.first;
    const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5000', LOG_LEVEL: 'info' });
    const domain = `${randomUUID().slice(0, 8)}.eml.test`;
    const app = createApp({ database, config, sessionSecret: config.SESSION_SECRET!, logger, mail: { worker: { pollMs: 100, recipientSuffix: `@${domain}` } } });
    const identity = { ...uniqueIdentity('laptop'), email: `laptop@${domain}` };
    const agent = request.agent(app.app);
    await agent.post('/api/register').send({ ...identity, password: 'steadfast-in-prayer' }).expect(201);
    await app.outbox!.drain();
    const folder = path.join(dataDir, 'outbox');
    let files: string[] = [];
    while (files.length === 0) {
      files = (await fs.readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml'));
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const raw = await fs.readFile(path.join(folder, files[0]!));
    // Lines end in CRLF as the message would travel (RFC 5322), none in a bare LF.
    expect(raw.toString('latin1')).toContain('\r\n');
    expect(raw.toString('latin1')).not.toMatch(/[^\r]\n/);
    const parsed = await simpleParser(raw);
    // A text part and an HTML part of the same words.
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.html).toContain('<html lang="en">');
    const link = parsed.text!.match(/http:\/\/localhost:5000\/verify-email\?token=[\w-]+/)![0];
    expect(parsed.html).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get('token')!;
    const log = lines.join('');
    expect(log).toContain(path.join(folder, files[0]!));
    expect(log).not.toContain(token);
    // The link in the file works (for its account's session).
    await agent.post('/api/verify-email').send({ token }).expect(200);
    await app.close();
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, [identity.email]));
    expect(rows[0]!.sentAt).not.toBeNull();
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
