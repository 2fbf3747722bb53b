import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type MaildirMessage, type TestDovecot } from '../../test-support/dovecot';
import { freePort } from '../../test-support/free-port';
import { peakMemoryDuring } from '../../test-support/memory-peak';
import { selfSignedCertificate } from '../../test-support/self-signed-certificate';
import { createImapReader } from './imap-reader';
import { MAIL_TEXT_MAX } from './parse-mail';
import {
  MailboxError,
  type MailboxCursor,
  type MailboxSettings,
  type MailServer,
  type ReadBatch,
} from './mailbox';

const DAY = 86_400_000;
const now = Date.now();
const since = new Date(now - 14 * DAY);
const reader = createImapReader();

let dovecot: TestDovecot;

beforeAll(async () => {
  dovecot = await startDovecot({
    users: [
      'reading',
      'validity',
      'dated',
      'watching',
      'large',
      'huge-mailbox',
      'wrong-password',
      { name: 'sent-marked', sentFolder: 'Sent' },
      { name: 'sent-named', sentFolder: 'Sent Items' },
      { name: 'sent-none', sentFolder: null },
    ].map((user) =>
      typeof user === 'string'
        ? { name: user, password: `pw-${randomBytes(8).toString('hex')}` }
        : { ...user, password: `pw-${randomBytes(8).toString('hex')}` },
    ),
  });
});
afterAll(async () => {
  await dovecot?.stop();
});

function settingsFor(user: string, imap: Partial<MailServer> = {}): MailboxSettings {
  return {
    imap: { ...dovecot.settingsFor(user), ...imap },
    // The reader never touches SMTP; the sender's tests cover that side.
    smtp: { host: '127.0.0.1', port: 1, secure: false, user, password: 'unused' },
    address: `${user}@example.com`,
    senderName: user,
  };
}

let counter = 0;
function letter(options: { subject?: string; body?: string; date?: Date; id?: string } = {}): string {
  counter += 1;
  return [
    `From: Lead ${counter} <lead${counter}@example.org>`,
    'To: owner@example.com',
    `Subject: ${options.subject ?? `Message ${counter}`}`,
    `Message-ID: ${options.id ?? `<m${counter}.${randomBytes(4).toString('hex')}@example.org>`}`,
    `Date: ${(options.date ?? new Date()).toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body ?? `Hello, this is message ${counter}.`,
    '',
  ].join('\r\n');
}

async function readAll(settings: MailboxSettings, cursor: MailboxCursor | null, batchSize?: number) {
  const batches: ReadBatch[] = [];
  for await (const batch of reader.read(settings, cursor, { since, batchSize })) batches.push(batch);
  return {
    batches,
    mails: batches.flatMap((batch) => batch.mails),
    cursor: batches.at(-1)?.cursor ?? cursor,
  };
}

/** The bytes Dovecot sent the user's one finished session, from its log (imap_logout_format). */
async function bytesSentInSession(user: string): Promise<number> {
  // The log process writes a moment after the session ends.
  for (let attempt = 0; attempt < 50; attempt++) {
    const session = (await dovecot.log())
      .split('\n')
      .find((line) => line.includes(`imap(${user})`) && line.includes('Disconnected'));
    const out = /\bout=(\d+)/.exec(session ?? '');
    if (out) return Number(out[1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No finished session of ${user} in the Dovecot log.`);
}

/** What the promise was rejected with, which must be a MailboxError. */
async function failureOf(promise: Promise<unknown>): Promise<MailboxError> {
  const outcome: unknown = await promise.catch((error: unknown) => error);
  expect(outcome).toBeInstanceOf(MailboxError);
  return outcome as MailboxError;
}

describe('verify', () => {
  it('signs in and opens INBOX', async () => {
    await expect(reader.verify(settingsFor('reading'))).resolves.toBeUndefined();
  });

  it('names a refused password auth_failed, and the password appears nowhere in the error', async () => {
    const password = `wrong-${randomBytes(8).toString('hex')}`;
    const error = await failureOf(reader.verify(settingsFor('wrong-password', { password })));
    expect(error).toMatchObject({ side: 'imap', reason: 'auth_failed', transient: false });
    expect(error.message).toMatch(/refused the user name or password/);
    expect(error.serverResponse).toMatch(/AUTHENTICATIONFAILED|Authentication failed/i);
    const everything = [
      inspect(error, { depth: 10, showHidden: true }),
      JSON.stringify(error),
      error.message,
      error.stack ?? '',
      error.serverResponse ?? '',
    ].join('\n');
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(dovecot.settingsFor('wrong-password').password);
  });

  it('lets no protocol line reach the logger, so no password does', async () => {
    const entries: unknown[] = [];
    const logged = createImapReader({
      logger: { warn: (details: unknown, message?: string) => entries.push([details, message]) },
    });
    const wrong = `wrong-${randomBytes(8).toString('hex')}`;
    await logged.verify(settingsFor('reading'));
    await failureOf(logged.verify(settingsFor('wrong-password', { password: wrong })));
    for await (const batch of logged.read(settingsFor('reading'), null, { since }))
      expect(batch).toBeDefined();
    // imapflow's warnings do come through (here: no STARTTLS on this server), in our words.
    expect(entries.length).toBeGreaterThan(0);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(dovecot.settingsFor('reading').password);
    expect(text).not.toMatch(/LOGIN|AUTHENTICATE/);
  });

  it('names a closed port or an unknown host unreachable', async () => {
    const closed = await failureOf(reader.verify(settingsFor('reading', { port: await freePort() })));
    expect(closed).toMatchObject({ reason: 'unreachable', transient: true });
    const unknown = await failureOf(reader.verify(settingsFor('reading', { host: 'no-such-host.invalid' })));
    expect(unknown.reason).toBe('unreachable');
  });

  it('names TLS spoken to a plain IMAP port tls_failed', async () => {
    const error = await failureOf(reader.verify(settingsFor('reading', { secure: true })));
    expect(error.reason).toBe('tls_failed');
  });

  it('upgrades with STARTTLS on the IMAP port, and names a certificate it does not trust tls_failed', async () => {
    // A server that refuses to sign anyone in before STARTTLS: only an upgraded session reads.
    const certificate = selfSignedCertificate();
    const secured = await startDovecot({
      users: [{ name: 'secured', password: `pw-${randomBytes(8).toString('hex')}` }],
      tls: certificate,
    });
    try {
      const settings = { ...settingsFor('reading'), imap: secured.settingsFor('secured') };
      expect(settings.imap.secure).toBe(false);
      await secured.append('secured', letter({ subject: 'Over TLS' }));
      const trusting = createImapReader({ trustedCertificates: [certificate.cert] });
      const batches: ReadBatch[] = [];
      for await (const batch of trusting.read(settings, null, { since })) batches.push(batch);
      expect(batches.flatMap((batch) => batch.mails).map((mail) => mail.subject)).toEqual(['Over TLS']);
      // The default reader trusts the system's authorities only, not this certificate.
      const error = await failureOf(reader.verify(settings));
      expect(error.reason).toBe('tls_failed');
    } finally {
      await secured.stop();
    }
  });

  it('names a server that never greets timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const quick = createImapReader({ connectTimeoutMs: 300 });
      const { port } = silent.address() as net.AddressInfo;
      const error = await failureOf(quick.verify(settingsFor('reading', { port })));
      expect(error.reason).toBe('timeout');
    } finally {
      silent.close();
    }
  });
});

describe('read', () => {
  it('reads mail since the date in batches with progress, then only what comes after the cursor, once', async () => {
    const settings = settingsFor('reading');
    const old = Array.from({ length: 20 }, (_, n): MaildirMessage => {
      const date = new Date(now - (40 - n) * DAY);
      return { raw: letter({ subject: `Old ${n}`, date }), receivedAt: date };
    });
    const recent = Array.from({ length: 7 }, (_, n): MaildirMessage => {
      const date = new Date(now - (10 - n) * DAY);
      return { raw: letter({ subject: `Recent ${n}`, date }), receivedAt: date, seen: n % 2 === 0 };
    });
    // Just outside and just inside the date, to the second.
    const edge = [
      { raw: letter({ subject: 'A minute too old' }), receivedAt: new Date(since.getTime() - 60_000) },
      { raw: letter({ subject: 'A minute new enough' }), receivedAt: new Date(since.getTime() + 60_000) },
    ];
    // Unparseable bytes are still mail: they must come out, not stop the read.
    const garbage = { raw: randomBytes(2000).toString('latin1'), receivedAt: new Date(now - DAY) };
    dovecot.writeMessages('reading', 'INBOX', [...old, edge[0]!, ...recent, edge[1]!, garbage]);

    const first = await readAll(settings, null, 3);
    expect(first.mails.map((mail) => mail.subject)).toEqual([
      ...recent.map((_, n) => `Recent ${n}`),
      'A minute new enough',
      '',
    ]);
    const uids = first.mails.map((mail) => mail.uid);
    expect(uids).toEqual([...uids].sort((a, b) => a - b));
    expect(first.mails.at(-1)!.messageId).toMatch(/@doppel\.invalid>$/);
    expect(first.batches.map((batch) => [batch.mails.length, batch.done, batch.total])).toEqual([
      [3, 3, 9],
      [3, 6, 9],
      [3, 9, 9],
    ]);
    expect(first.batches[0]!.cursor.lastUid).toBe(uids[2]);
    expect(first.cursor!.lastUid).toBe(uids.at(-1));

    const second = await readAll(settings, first.cursor);
    expect(second.batches).toEqual([]);

    const sent = await dovecot.append('reading', letter({ subject: 'After the cursor' }));
    const third = await readAll(settings, first.cursor);
    expect(third.mails.map((mail) => [mail.uid, mail.subject])).toEqual([[sent, 'After the cursor']]);
    expect(third.batches[0]).toMatchObject({ done: 1, total: 1, cursor: { lastUid: sent } });
    expect((await readAll(settings, third.cursor)).mails).toEqual([]);

    // Reading never marks mail as read: the user's own mail program still shows it unread.
    const flags = await dovecot.listMessages('reading', 'INBOX');
    expect(flags.filter((message) => message.seen)).toHaveLength(4);
  });

  it('falls back to the date when the folder has a new UIDVALIDITY', async () => {
    const settings = settingsFor('validity');
    dovecot.writeMessages('validity', 'INBOX', [
      { raw: letter({ subject: 'Old' }), receivedAt: new Date(now - 30 * DAY) },
      { raw: letter({ subject: 'Recent' }), receivedAt: new Date(now - 2 * DAY) },
    ]);
    const first = await readAll(settings, null);
    expect(first.mails.map((mail) => mail.subject)).toEqual(['Recent']);

    const uidValidity = await dovecot.changeUidValidity('validity');
    await dovecot.append('validity', letter({ subject: 'New' }));
    const after = await readAll(settings, first.cursor);
    expect(after.mails.map((mail) => mail.subject)).toEqual(['Recent', 'New']);
    expect(after.cursor).toEqual({ uidValidity: String(uidValidity), lastUid: after.mails.at(-1)!.uid });
    expect((await readAll(settings, after.cursor)).batches).toEqual([]);
  });

  it('moves the cursor past old mail it leaves, and gives it even when nothing is new enough', async () => {
    const settings = settingsFor('dated');
    dovecot.writeMessages(
      'dated',
      'INBOX',
      [40, 30, 20].map((days) => ({
        raw: letter({ subject: `${days} days old` }),
        receivedAt: new Date(now - days * DAY),
      })),
    );
    const nothing = await readAll(settings, null);
    expect(nothing.batches).toEqual([
      { mails: [], done: 0, total: 0, cursor: { uidValidity: expect.any(String) as string, lastUid: 3 } },
    ]);

    dovecot.writeMessages('dated', 'INBOX', [
      { raw: letter({ subject: 'Recent' }), receivedAt: new Date(now - DAY) },
      { raw: letter({ subject: 'Imported, old' }), receivedAt: new Date(now - 90 * DAY) },
    ]);
    const first = await readAll(settings, null);
    expect(first.mails.map((mail) => [mail.uid, mail.subject])).toEqual([[4, 'Recent']]);
    // The old import (UID 5) was looked at and left: the next read starts after it.
    expect(first.cursor!.lastUid).toBe(5);
    expect((await readAll(settings, first.cursor)).batches).toEqual([]);
  });

  it('reads large mails by their parts: never the attachment, the start of a long text, a bounce', async () => {
    const settings = settingsFor('large');
    const attachment = randomBytes(20 * 1024 * 1024)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    const withAttachment = [
      'From: Investor <investor@example.org>',
      'To: owner@example.com',
      'Subject: Signed term sheet',
      'Message-ID: <term-sheet@example.org>',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The signed term sheet is attached.',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>The signed <b>term sheet</b> is attached.</p>',
      '--inner--',
      '--outer',
      'Content-Type: application/pdf',
      'Content-Disposition: attachment; filename="term-sheet.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      attachment,
      '--outer--',
      '',
    ].join('\r\n');
    const bounce = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
      'To: owner@example.com',
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <bounce-large@mx.example.org>',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
      '',
      '--R',
      'Content-Type: text/plain',
      '',
      'Your message was too large to deliver.',
      '--R',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.org',
      '',
      'Final-Recipient: rfc822; partner@example.org',
      'Action: failed',
      'Status: 5.3.4',
      '',
      '--R',
      'Content-Type: message/rfc822',
      '',
      'From: owner@example.com',
      'To: partner@example.org',
      'Subject: The deck',
      'Message-ID: <deck-offer@example.com>',
      'Content-Type: application/pdf',
      'Content-Transfer-Encoding: base64',
      '',
      attachment.slice(0, 4 * 1024 * 1024),
      '--R--',
      '',
    ].join('\r\n');
    // One part, no Message-ID, 3 MB of text: only its start is fetched.
    const longText = [
      'From: Writer <writer@example.org>',
      'To: owner@example.com',
      'Subject: A very long letter',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Dear founder, ${'the market keeps growing. '.repeat(120_000)}`,
      '',
    ].join('\r\n');
    dovecot.writeMessages('large', 'INBOX', [
      { raw: withAttachment, receivedAt: new Date(now - DAY) },
      { raw: bounce, receivedAt: new Date(now - DAY) },
      { raw: longText, receivedAt: new Date(now - DAY) },
    ]);

    const { result, heapGrowth } = await peakMemoryDuring(() => readAll(settings, null), { collect: true });
    expect(result.mails).toMatchObject([
      {
        messageId: '<term-sheet@example.org>',
        subject: 'Signed term sheet',
        text: 'The signed term sheet is attached.',
      },
      {
        messageId: '<bounce-large@mx.example.org>',
        text: 'Your message was too large to deliver.',
        bounce: {
          recipients: ['partner@example.org'],
          permanent: true,
          originalMessageId: '<deck-offer@example.com>',
        },
      },
      { subject: 'A very long letter', messageId: expect.stringMatching(/@doppel\.invalid>$/) as string },
    ]);
    const letter = result.mails[2]!;
    expect(letter.text.startsWith('Dear founder, the market keeps growing.')).toBe(true);
    expect(letter.text).toHaveLength(MAIL_TEXT_MAX);
    // 34 MB of mail on the server; the session carried the headers, the texts and the start of
    // the long letter (half a megabyte).
    expect(await bytesSentInSession('large')).toBeLessThan(1024 * 1024);
    expect(heapGrowth).toBeLessThan(8 * 1024 * 1024);

    // Rebuilt the same way on every read: the letter without a Message-ID keeps its made-up one.
    const again = await readAll(settings, null);
    expect(again.mails.map((mail) => mail.messageId)).toEqual(result.mails.map((mail) => mail.messageId));
  });

  // About 3.5 s alone; the bound leaves room for a machine busy with other test files.
  it(
    'takes the few recent mails out of 50,000 quickly, without holding the mailbox',
    { timeout: 120_000 },
    async () => {
      const settings = settingsFor('huge-mailbox');
      const RECENT = 40;
      const TOTAL = 50_000;
      function* mailbox(): Generator<MaildirMessage> {
        for (let n = 0; n < TOTAL; n++) {
          const recent = n % (TOTAL / RECENT) === TOTAL / RECENT - 1;
          const date = recent
            ? new Date(now - (n / TOTAL) * 10 * DAY)
            : new Date(now - (15 + (n % 700)) * DAY);
          yield { raw: letter({ subject: recent ? `Recent ${n}` : `Archive ${n}`, date }), receivedAt: date };
        }
      }
      expect(dovecot.writeMessages('huge-mailbox', 'INBOX', mailbox())).toBe(TOTAL);

      const started = performance.now();
      const { result, heapGrowth } = await peakMemoryDuring(() => readAll(settings, null, 10), {
        collect: true,
      });
      const seconds = (performance.now() - started) / 1000;
      expect(result.mails).toHaveLength(RECENT);
      expect(result.mails.every((mail) => mail.subject.startsWith('Recent '))).toBe(true);
      expect(result.batches.at(-1)).toMatchObject({ done: RECENT, total: RECENT });
      expect(seconds).toBeLessThan(30);
      expect(heapGrowth).toBeLessThan(32 * 1024 * 1024);
    },
  );
});

describe('watch', () => {
  it('calls onNewMail within two seconds of a delivery through another connection', async () => {
    const settings = settingsFor('watching');
    const errors: MailboxError[] = [];
    let arrived: () => void = () => undefined;
    const newMail = new Promise<void>((resolve) => (arrived = resolve));
    const watcher = await reader.watch(settings, {
      onNewMail: () => arrived(),
      onError: (error) => errors.push(error),
    });
    expect(watcher).not.toBeNull();
    try {
      // Let IDLE start: the watcher must learn of the mail from the server, not from its own SELECT.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const appendedAt = performance.now();
      await dovecot.append('watching', letter({ subject: 'Wake up' }));
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 2000));
      expect(await Promise.race([newMail.then(() => 'arrived' as const), timeout])).toBe('arrived');
      expect(performance.now() - appendedAt).toBeLessThan(2000);
    } finally {
      await watcher!.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
  });

  it('reports an error when the server goes away, and fails to start with the sign-in error', async () => {
    const password = `wrong-${randomBytes(6).toString('hex')}`;
    const refused = await failureOf(
      reader.watch(settingsFor('watching', { password }), { onNewMail() {}, onError() {} }),
    );
    expect(refused.reason).toBe('auth_failed');

    const spare = await startDovecot({ users: [{ name: 'gone', password: 'gone-password' }] });
    const errors: MailboxError[] = [];
    const watcher = await reader.watch(
      { ...settingsFor('watching'), imap: spare.settingsFor('gone') },
      { onNewMail() {}, onError: (error) => errors.push(error) },
    );
    await spare.stop();
    await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
    expect(errors[0]).toMatchObject({ side: 'imap', transient: true });
    await watcher!.stop();
  });
});

describe('the Sent folder', () => {
  const sentMail = (id: string) =>
    [
      'From: Owner <owner@example.com>',
      'To: lead@example.org',
      'Subject: Pilot',
      `Message-ID: ${id}`,
      '',
      'Hello',
      '',
    ].join('\r\n');

  it('appends to the \\Sent folder as read, and finds it there by Message-ID', async () => {
    const settings = settingsFor('sent-marked');
    const id = `<sent-${randomBytes(4).toString('hex')}@example.com>`;
    expect(await reader.sentFolderHas(settings, id)).toBe(false);
    expect(await reader.appendToSent(settings, Buffer.from(sentMail(id)))).toBe(true);
    expect(await dovecot.listMessages('sent-marked', 'Sent')).toEqual([
      { uid: 1, messageId: id, seen: true },
    ]);
    expect(await reader.sentFolderHas(settings, id)).toBe(true);
    expect(await reader.sentFolderHas(settings, '<another@example.com>')).toBe(false);
  });

  it('uses a folder named "Sent Items" when none is marked \\Sent, and says false when there is none', async () => {
    const id = `<named-${randomBytes(4).toString('hex')}@example.com>`;
    expect(await reader.appendToSent(settingsFor('sent-named'), Buffer.from(sentMail(id)))).toBe(true);
    expect(
      (await dovecot.listMessages('sent-named', 'Sent Items')).map((message) => message.messageId),
    ).toEqual([id]);
    expect(await reader.sentFolderHas(settingsFor('sent-named'), id)).toBe(true);

    expect(await reader.appendToSent(settingsFor('sent-none'), Buffer.from(sentMail(id)))).toBe(false);
    expect(await reader.sentFolderHas(settingsFor('sent-none'), id)).toBe(false);
  });
});
