import net from 'node:net';
import { inspect } from 'node:util';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port';
import { startSmtpTestServer, type SmtpTestServer } from '../../test-support/smtp-test-server';
import { MailboxError, type MailboxSettings, type MailServer, type OutgoingMail } from './mailbox';
import { createSmtpSender, newMessageId } from './smtp-sender';

const PASSWORD = 'mailbox-pass-5f1c9e';
let plain: SmtpTestServer;
let implicitTls: SmtpTestServer;
let startTls: SmtpTestServer;

beforeAll(async () => {
  [plain, implicitTls, startTls] = await Promise.all([
    startSmtpTestServer({ users: { 'ann@acme.test': PASSWORD } }),
    startSmtpTestServer({ users: { 'ann@acme.test': PASSWORD }, security: 'implicit' }),
    startSmtpTestServer({ users: { 'ann@acme.test': PASSWORD }, security: 'starttls' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), implicitTls.close(), startTls.close()]);
});

/** A mailbox whose SMTP side is `smtp`; the IMAP side is never used here. */
function mailbox(smtp: MailServer): MailboxSettings {
  return { imap: { ...smtp, port: 1 }, smtp, address: 'ann@acme.test', senderName: 'Ann Lee' };
}

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to: { address: 'bob@client.test', name: 'Bob Stone' },
    subject: 'Following up',
    text: 'Hello Bob,\n\nShall we talk on Monday?\n\nAnn',
    messageId: newMessageId('ann@acme.test'),
    ...overrides,
  };
}

const sender = createSmtpSender();

/** The message the server received with this Message-ID. */
function received(server: SmtpTestServer, messageId: string) {
  const found = server.messages.filter((message) =>
    message.raw.toString('utf8').includes(`Message-ID: ${messageId}`),
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The header block as sent: unfolded, one entry per header line. */
function headerLines(raw: Buffer): string[] {
  const head = raw.toString('utf8').split('\r\n\r\n')[0]!;
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
}

async function failure(promise: Promise<unknown>): Promise<MailboxError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailboxError);
  return error as MailboxError;
}

describe('verify', () => {
  it('signs in with the right password', async () => {
    await expect(sender.verify(mailbox(plain.mailServer('ann@acme.test')))).resolves.toBeUndefined();
  });

  it('answers auth_failed for a wrong password, and the password appears nowhere in the error', async () => {
    const wrong = 'wrong-pass-83c1d2';
    const error = await failure(sender.verify(mailbox(plain.mailServer('ann@acme.test', wrong))));
    expect(error).toMatchObject({ side: 'smtp', reason: 'auth_failed', transient: false });
    expect(error.serverResponse).toMatch(/^535 /);
    const everything = [
      error.message,
      error.serverResponse,
      error.stack,
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
    ].join('\n');
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(Buffer.from(wrong).toString('base64'));
    expect(everything).not.toContain(Buffer.from(`\0ann@acme.test\0${wrong}`).toString('base64'));
  });

  it('answers unreachable when nothing listens on the port', async () => {
    const port = await freePort();
    const error = await failure(sender.verify(mailbox({ ...plain.mailServer('ann@acme.test'), port })));
    expect(error).toMatchObject({ reason: 'unreachable', transient: true });
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });

  it('answers tls_failed for TLS from the first byte on a plain port', async () => {
    const error = await failure(
      sender.verify(mailbox({ ...plain.mailServer('ann@acme.test'), secure: true })),
    );
    expect(error).toMatchObject({ reason: 'tls_failed' });
    expect(error.message).toMatch(/does not speak TLS from the first byte/);
  });

  it('answers tls_failed for a certificate it does not trust, and signs in once it does', async () => {
    const untrusted = await failure(sender.verify(mailbox(implicitTls.mailServer('ann@acme.test'))));
    expect(untrusted).toMatchObject({ reason: 'tls_failed' });
    expect(untrusted.message).toMatch(/certificate is not trusted \(self-signed certificate\)/);

    const trusting = createSmtpSender({ trustedCertificates: [implicitTls.certificate!] });
    await expect(trusting.verify(mailbox(implicitTls.mailServer('ann@acme.test')))).resolves.toBeUndefined();
  });

  it('upgrades with STARTTLS when the server offers it', async () => {
    const settings = mailbox(startTls.mailServer('ann@acme.test'));
    expect((await failure(sender.verify(settings))).reason).toBe('tls_failed');
    const trusting = createSmtpSender({ trustedCertificates: [startTls.certificate!] });
    await expect(trusting.verify(settings)).resolves.toBeUndefined();
  });

  it('answers timeout when the server never greets', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const impatient = createSmtpSender({ greetingTimeoutMs: 200 });
      const error = await failure(impatient.verify(mailbox({ ...plain.mailServer('ann@acme.test'), port })));
      expect(error).toMatchObject({ reason: 'timeout', transient: true });
    } finally {
      silent.close();
    }
  });
});

describe('send', () => {
  it('puts a reply on the wire with its own Message-ID, In-Reply-To and References', async () => {
    const outgoing = mail({
      subject: 'Re: Pricing',
      inReplyTo: '<original-2@client.test>',
      references: ['<original-1@client.test>', '<original-2@client.test>'],
    });
    const sent = await sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing);
    expect(sent.messageId).toBe(outgoing.messageId);
    expect(sent.response).toMatch(/^250 /);

    const message = received(plain, outgoing.messageId);
    expect(message).toMatchObject({
      mailFrom: 'ann@acme.test',
      rcptTo: ['bob@client.test'],
      user: 'ann@acme.test',
    });
    const headers = headerLines(message.raw);
    expect(headers).toContain(`Message-ID: ${outgoing.messageId}`);
    expect(headers).toContain('In-Reply-To: <original-2@client.test>');
    expect(headers).toContain('References: <original-1@client.test> <original-2@client.test>');
    const parsed = await simpleParser(message.raw);
    expect(parsed.from?.value).toEqual([{ address: 'ann@acme.test', name: 'Ann Lee' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'bob@client.test', name: 'Bob Stone' }] });
    expect(parsed.headers.get('content-type')).toMatchObject({
      value: 'text/plain',
      params: { charset: 'utf-8' },
    });
    expect(parsed.text?.trimEnd()).toBe(outgoing.text);
  });

  it('leaves out In-Reply-To, References and List-Unsubscribe when not given', async () => {
    const outgoing = mail();
    await sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing);
    const names = headerLines(received(plain, outgoing.messageId).raw).map((line) => line.split(':')[0]);
    expect(names).not.toContain('In-Reply-To');
    expect(names).not.toContain('References');
    expect(names).not.toContain('List-Unsubscribe');
  });

  it('marks campaign mail with List-Unsubscribe (mailto and https) and one-click List-Unsubscribe-Post', async () => {
    const outgoing = mail({
      listUnsubscribe: {
        mailto: 'mailto:ann@acme.test?subject=unsubscribe',
        url: 'https://doppel.test/u/lead-token-123',
      },
    });
    await sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing);
    const headers = headerLines(received(plain, outgoing.messageId).raw);
    expect(headers).toContain(
      'List-Unsubscribe: <mailto:ann@acme.test?subject=unsubscribe>, <https://doppel.test/u/lead-token-123>',
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('keeps a subject with line breaks to one Subject header', async () => {
    const outgoing = mail({ subject: 'Quarterly\r\nBcc: everyone@client.test\nreview' });
    await sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing);
    const message = received(plain, outgoing.messageId);
    const headers = headerLines(message.raw);
    expect(headers.filter((line) => /^subject:/i.test(line))).toEqual([
      'Subject: Quarterly Bcc: everyone@client.test review',
    ]);
    expect(headers.some((line) => /^bcc:/i.test(line))).toBe(false);
    expect(message.rcptTo).toEqual(['bob@client.test']);
  });

  it('carries a Russian and emoji subject and body intact', async () => {
    const outgoing = mail({
      to: { address: 'ivan@client.test', name: 'Иван Петров' },
      subject: 'Встреча в понедельник 🚀 — подтвердите, пожалуйста',
      text: 'Здравствуйте, Иван!\n\nДавайте созвонимся в понедельник в 10:00 🙂.\nСпасибо 🙏',
    });
    await sender.send({ ...mailbox(plain.mailServer('ann@acme.test')), senderName: 'Анна Ли' }, outgoing);
    const parsed = await simpleParser(received(plain, outgoing.messageId).raw);
    expect(parsed.subject).toBe(outgoing.subject);
    expect(parsed.text?.trimEnd()).toBe(outgoing.text);
    expect(parsed.from?.value).toEqual([{ address: 'ann@acme.test', name: 'Анна Ли' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'ivan@client.test', name: 'Иван Петров' }] });
  });

  it('returns as raw exactly the bytes the server received', async () => {
    const outgoing = mail({
      subject: 'Отчёт',
      // A line starting with a dot is dot-stuffed on the wire and must come back unstuffed.
      text: 'Line one\n.hidden line\n' + 'long '.repeat(40),
    });
    const sent = await sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing);
    const message = received(plain, outgoing.messageId);
    expect(message.raw.equals(sent.raw)).toBe(true);
  });

  it('answers deferred (transient) for a 4xx, and the next send delivers the mail once', async () => {
    const settings = mailbox(plain.mailServer('ann@acme.test'));
    const outgoing = mail();
    plain.failNext(451, '4.3.0 Try again later');
    const error = await failure(sender.send(settings, outgoing));
    expect(error).toMatchObject({
      side: 'smtp',
      reason: 'deferred',
      transient: true,
      serverResponse: '451 4.3.0 Try again later',
    });
    expect(plain.messages.filter((m) => m.raw.includes(outgoing.messageId))).toHaveLength(0);

    await sender.send(settings, outgoing);
    expect(plain.messages.filter((m) => m.raw.includes(outgoing.messageId))).toHaveLength(1);
  });

  it('answers rejected (not transient) for a 5xx', async () => {
    const outgoing = mail();
    plain.failNext(554, '5.7.1 Message refused as spam');
    const error = await failure(sender.send(mailbox(plain.mailServer('ann@acme.test')), outgoing));
    expect(error).toMatchObject({
      reason: 'rejected',
      transient: false,
      serverResponse: '554 5.7.1 Message refused as spam',
    });
    expect(plain.messages.filter((m) => m.raw.includes(outgoing.messageId))).toHaveLength(0);
  });

  it('keeps the class of a refused recipient: 550 rejected, 450 deferred', async () => {
    const settings = mailbox(plain.mailServer('ann@acme.test'));
    plain.failNext(550, '5.1.1 No such user', 1, 'rcpt');
    expect(await failure(sender.send(settings, mail()))).toMatchObject({
      reason: 'rejected',
      serverResponse: '550 5.1.1 No such user',
      message: 'The SMTP server refused the recipient.',
    });
    plain.failNext(450, '4.2.1 Mailbox busy', 1, 'rcpt');
    expect(await failure(sender.send(settings, mail()))).toMatchObject({
      reason: 'deferred',
      serverResponse: '450 4.2.1 Mailbox busy',
    });
  });

  it('answers auth_failed for a wrong password without sending anything', async () => {
    const outgoing = mail();
    const error = await failure(sender.send(mailbox(plain.mailServer('ann@acme.test', 'not-it')), outgoing));
    expect(error.reason).toBe('auth_failed');
    expect(plain.messages.filter((m) => m.raw.includes(outgoing.messageId))).toHaveLength(0);
  });

  it('sends over TLS from the first byte to a trusted server', async () => {
    const trusting = createSmtpSender({ trustedCertificates: [implicitTls.certificate!] });
    const outgoing = mail();
    const sent = await trusting.send(mailbox(implicitTls.mailServer('ann@acme.test')), outgoing);
    expect(received(implicitTls, outgoing.messageId).raw.equals(sent.raw)).toBe(true);
  });
});

describe('newMessageId', () => {
  it('makes a unique id in the domain of the address', () => {
    const first = newMessageId('Ann@Acme.Test');
    expect(first).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);
    expect(newMessageId('ann@acme.test')).not.toBe(first);
  });

  it('writes an international domain in ASCII, and falls back when there is no domain', () => {
    expect(newMessageId('anna@пример.рф')).toMatch(/@xn--e1afmkfd\.xn--p1ai>$/);
    expect(newMessageId('no-domain')).toMatch(/@doppel\.local>$/);
    expect(newMessageId('odd@exa mple')).toMatch(/@doppel\.local>$/);
  });
});
