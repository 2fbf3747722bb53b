import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, emailOutbox, eq, jobs, sql, users } from '@doppel/db';
import { buildApp, type DoppelApp } from '../../app';
import { EMAIL_DELIVERY_JOB } from '../../integrations/email/mailer';
import { freePort } from '../../test-support/free-port';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server';
import {
  createTestApp,
  emailedToken,
  ManualClock,
  testConfig,
  testDatabase,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/test-app';

/*
 * Account email (issue 18, point 5) keeps the server-wide SMTP_URL, but the request only records
 * it and queues a durable job; the job sends it, and the queue's retries cover a server that
 * says "later". Here SMTP_URL points at a real SMTP server on 127.0.0.1 and the tests drive the
 * queue by hand (runDue), moving a manual clock past the back-off.
 */

const SENDER = 'doppel@mail.test';
const BACK_OFF_MS = 5_000;
let smtp: SmtpTestServer;
let clock: ManualClock;
let doppel: DoppelApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer({ users: { [SENDER]: 'smtp-pass-0d9a' } });
  clock = new ManualClock();
  doppel = await createTestApp({
    clock,
    config: { smtpUrl: smtp.url(SENDER), smtpFrom: 'Doppel <no-reply@doppel.test>' },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await smtp.close();
});

async function signUp(app: DoppelApp, email: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: uniqueIp(),
    payload: { fullName: 'Mia Stone', email, password: 'secret-pass' },
  });
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { response, userId: user!.id };
}

async function outboxRow(email: string) {
  const rows = await doppel.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const deliveredTo = (email: string) => smtp.messages.filter((message) => message.rcptTo.includes(email));

async function queuedDeliveries(outboxId: string) {
  return doppel.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, EMAIL_DELIVERY_JOB), sql`${jobs.payload}->>'outboxId' = ${outboxId}`));
}

describe('account email through SMTP_URL', () => {
  it('is sent by a job, not the request; after a 4xx it is retried and arrives exactly once', async () => {
    const email = uniqueEmail('retry');
    smtp.failNext(451, '4.7.1 Greylisted, try again later');
    const connectionsBefore = smtp.connections;

    const { response, userId } = await signUp(doppel, email);
    expect(response.statusCode).toBe(201);
    // The request only recorded the email and queued its delivery.
    expect(smtp.connections).toBe(connectionsBefore);
    expect(await outboxRow(email)).toMatchObject({ kind: 'verify_email', sentAt: null, attempts: 0 });

    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(1);
    expect(deliveredTo(email)).toHaveLength(0);
    const deferred = await outboxRow(email);
    expect(deferred).toMatchObject({ sentAt: null, attempts: 1 });
    expect(deferred.lastError).toContain('451 4.7.1 Greylisted, try again later');

    // Not before the queue's back-off.
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(0);
    clock.advance(BACK_OFF_MS);
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(1);

    const delivered = await outboxRow(email);
    expect(delivered).toMatchObject({ attempts: 2, lastError: null });
    expect(delivered.sentAt).toBeInstanceOf(Date);
    expect(await queuedDeliveries(delivered.id)).toEqual([]);
    clock.advance(60 * 60 * 1000);
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(0);

    const messages = deliveredTo(email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ mailFrom: 'no-reply@doppel.test', user: SENDER });
    const parsed = await simpleParser(messages[0]!.raw);
    expect(parsed.subject).toBe(delivered.subject);
    expect(parsed.text).toContain(
      `/auth/verify?token=${encodeURIComponent(await emailedToken(doppel, email, 'verify_email'))}`,
    );
  });

  it('is not retried after a 5xx: the error is recorded, and sign-up still answered 201', async () => {
    const email = uniqueEmail('refused');
    smtp.failNext(550, '5.1.1 No such mailbox', 1, 'rcpt');

    const { response, userId } = await signUp(doppel, email);
    expect(response.statusCode).toBe(201);
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(1);

    const refused = await outboxRow(email);
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused.lastError).toBe('The SMTP server refused the recipient. 550 5.1.1 No such mailbox');
    expect(await queuedDeliveries(refused.id)).toEqual([]);
    clock.advance(60 * 60 * 1000);
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(0);
    expect(deliveredTo(email)).toHaveLength(0);
  });

  it('sends a password reset the same way', async () => {
    const email = uniqueEmail('reset');
    const { userId } = await signUp(doppel, email);
    await doppel.ctx.jobs.runDue({ userId });
    const forgot = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: uniqueIp(),
      payload: { email },
    });
    expect(forgot.statusCode).toBeLessThan(300);
    expect(await doppel.ctx.jobs.runDue({ userId })).toBe(1);
    const token = await emailedToken(doppel, email, 'reset_password');
    const texts = await Promise.all(deliveredTo(email).map(async (m) => (await simpleParser(m.raw)).text));
    expect(texts.some((text) => text?.includes(`token=${encodeURIComponent(token)}`))).toBe(true);
  });

  it('keeps trying while the SMTP server cannot be reached', async () => {
    const unreachable = await createTestApp({
      clock,
      config: { smtpUrl: `smtp://${SENDER}:x@127.0.0.1:${await freePort()}` },
    });
    try {
      const email = uniqueEmail('unreachable');
      const { userId } = await signUp(unreachable, email);
      expect(await unreachable.ctx.jobs.runDue({ userId })).toBe(1);
      const [row] = await unreachable.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email));
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/^Could not connect to the SMTP server at 127\.0\.0\.1:\d+\.$/);
      const [job] = await queuedDeliveries(row!.id);
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job!.runAt.getTime()).toBe(clock.now().getTime() + BACK_OFF_MS);
    } finally {
      await unreachable.app.close();
    }
  });
});

describe('account email without SMTP_URL', () => {
  it('is kept in the outbox and its link written to the log, with no job queued', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const offline = await buildApp({
      config: testConfig({ smtpUrl: undefined }),
      database: await testDatabase(),
      logger: { level: 'info', stream: sink },
    });
    try {
      const email = uniqueEmail('offline');
      const { response, userId } = await signUp(offline, email);
      expect(response.statusCode).toBe(201);
      const token = await emailedToken(offline, email, 'verify_email');
      const logged = lines
        .map((line) => JSON.parse(line) as { msg: string; to?: string; body?: string })
        .filter((line) => line.to === email);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toMatch(/^email kept in outbox \(no SMTP_URL\): /);
      expect(logged[0]!.body).toContain(`token=${encodeURIComponent(token)}`);
      const queued = await offline.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, EMAIL_DELIVERY_JOB), sql`${jobs.payload}->>'userId' = ${userId}`));
      expect(queued).toEqual([]);
    } finally {
      await offline.app.close();
    }
  });
});
