import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { hasUnstorableText } from '../../lib/text';
import { peakMemoryDuring } from '../../test-support/memory-peak';
import type { InboundMail } from './mailbox';
import { MAIL_TEXT_MAX, parseMail } from './parse-mail';

const receivedAt = new Date('2026-03-02T09:30:00Z');
const parse = (raw: Buffer | string, uid = 7) =>
  parseMail(Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8'), { uid, receivedAt });
const lines = (...parts: string[]) => parts.join('\r\n');

/** Every string the parsed mail carries, for checks that must hold of all of them. */
function allText(mail: InboundMail): string[] {
  return [
    mail.messageId,
    mail.inReplyTo ?? '',
    ...mail.references,
    mail.from.address,
    mail.from.name,
    ...mail.to,
    ...mail.cc,
    mail.subject,
    mail.text,
  ];
}

function deliveryReport(options: {
  action: string;
  status: string;
  returned: 'message' | 'headers';
}): string {
  const returned =
    options.returned === 'message'
      ? lines(
          'Content-Type: message/rfc822',
          '',
          'From: Alice <alice@example.com>',
          'To: lead@example.org',
          'Subject: Our pilot',
          'Message-ID: <pilot-offer-1@example.com>',
          '',
          'The original body, which must not be taken as the bounce text.',
        )
      : lines(
          'Content-Type: text/rfc822-headers',
          '',
          'From: Alice <alice@example.com>',
          'To: lead@example.org',
          'Message-ID:',
          ' <pilot-offer-2@example.com>',
          '',
        );
  return lines(
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.org>',
    'To: alice@example.com',
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <bounce-1@mx.example.org>',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.org. Your message could not be delivered.',
    '',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.org',
    'Arrival-Date: Mon, 2 Mar 2026 09:00:00 +0000',
    '',
    'Final-Recipient: rfc822; Lead@Example.org',
    'Original-Recipient: rfc822;lead@example.org',
    `Action: ${options.action}`,
    `Status: ${options.status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 <lead@example.org>: Recipient address rejected',
    '',
    'Final-Recipient: rfc822; other@example.org',
    'Action: delivered',
    'Status: 2.0.0',
    '',
    '--REPORT',
    returned,
    '--REPORT--',
    '',
  );
}

describe('parseMail', () => {
  it('reads the threading headers, the addresses, the subject and the date', async () => {
    const mail = await parse(
      lines(
        'Return-Path: <ann@example.com>',
        'From: "Ann Lee" <Ann.Lee@Example.COM>',
        'To: Alice <alice@example.com>, team: Bob <BOB@example.com>, carol@example.com;',
        'Cc: dave@example.com',
        'Subject: =?UTF-8?B?UmU6INCf0YDQuNCy0LXRgg==?= and more',
        'Date: Mon, 2 Mar 2026 10:15:00 +0100 (CET)',
        'Message-ID: <reply-3@example.com>',
        'In-Reply-To: <offer-2@example.com> (sent yesterday)',
        'References: <offer-1@example.com>',
        '  <offer-2@example.com>',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Sounds good — let us talk on Friday.',
        '',
      ),
    );
    expect(mail).toMatchObject({
      uid: 7,
      messageId: '<reply-3@example.com>',
      inReplyTo: '<offer-2@example.com>',
      references: ['<offer-1@example.com>', '<offer-2@example.com>'],
      from: { address: 'ann.lee@example.com', name: 'Ann Lee' },
      to: ['alice@example.com', 'bob@example.com', 'carol@example.com'],
      cc: ['dave@example.com'],
      subject: 'Re: Привет and more',
      text: 'Sounds good — let us talk on Friday.',
      automatic: false,
      bounce: null,
    });
    expect(mail.sentAt.toISOString()).toBe('2026-03-02T09:15:00.000Z');
  });

  it('makes a stable Message-ID when there is none, and takes the received date for a missing or broken Date', async () => {
    const raw = lines('From: someone@example.com', 'Subject: no id', '', 'Hello');
    const first = await parse(raw);
    const again = await parse(raw, 99);
    const other = await parse(raw.replace('Hello', 'Hello!'));
    expect(first.messageId).toMatch(/^<[0-9a-f]{64}@doppel\.invalid>$/);
    expect(again.messageId).toBe(first.messageId);
    expect(other.messageId).not.toBe(first.messageId);
    expect(first.sentAt).toEqual(receivedAt);
    expect(first.from).toEqual({ address: 'someone@example.com', name: 'someone@example.com' });

    const broken = await parse(lines('From: a@example.com', 'Date: sometime last week', '', 'Hi'));
    expect(broken.sentAt).toEqual(receivedAt);
  });

  it('decodes windows-1251 and KOI8-R, in 8-bit headers and bodies, declared or not', async () => {
    const russian = (charset: string, declared: boolean) =>
      iconv.encode(
        lines(
          'From: Иван Петров <Ivan@Example.RU>',
          'To: alice@example.com',
          'Subject: Встреча в четверг',
          'MIME-Version: 1.0',
          ...(declared
            ? [`Content-Type: text/plain; charset=${charset}`, 'Content-Transfer-Encoding: 8bit']
            : []),
          '',
          'Здравствуйте! Давайте обсудим пилотный проект в четверг.',
          '',
        ),
        charset,
      );
    for (const charset of ['windows-1251', 'koi8-r']) {
      for (const declared of [true, false]) {
        const mail = await parse(russian(charset, declared));
        expect({ charset, declared, subject: mail.subject, from: mail.from, text: mail.text }).toEqual({
          charset,
          declared,
          subject: 'Встреча в четверг',
          from: { address: 'ivan@example.ru', name: 'Иван Петров' },
          text: 'Здравствуйте! Давайте обсудим пилотный проект в четверг.',
        });
      }
    }

    const encodedWords = await parse(
      Buffer.concat([
        Buffer.from(
          lines(
            `Subject: =?koi8-r?B?${iconv.encode('Счёт за март', 'koi8-r').toString('base64')}?=`,
            'Content-Type: text/plain; charset=koi8-r',
            'Content-Transfer-Encoding: quoted-printable',
            '',
            '',
          ),
        ),
        Buffer.from(
          [...iconv.encode('Оплата до пятницы', 'koi8-r')]
            .map((byte) => `=${byte.toString(16).toUpperCase()}`)
            .join(''),
        ),
      ]),
    );
    expect(encodedWords.subject).toBe('Счёт за март');
    expect(encodedWords.text).toBe('Оплата до пятницы');
  });

  it('turns HTML-only mail into plain text without its markup, script or style', async () => {
    const mail = await parse(
      lines(
        'From: news@example.com',
        'Subject: html only',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<html><head><title>Title</title><style>.x{color:red}</style>',
        '<script>alert("head script")</script></head><body>',
        '<p>Hello <b>there</b>,</p><script type=3D"text/javascript">var secret =3D 1;</script>',
        '<style>p { margin: 0 }</style><p>Prices &amp; terms attached.</p></body></html>',
      ),
    );
    expect(mail.text).toContain('Hello there');
    expect(mail.text).toContain('Prices & terms attached.');
    for (const leftover of ['<', '>', 'alert', 'secret', 'color', 'margin', 'Title']) {
      expect(mail.text).not.toContain(leftover);
    }
  });

  it('reads what it can of malformed MIME and never throws', async () => {
    const unterminated = await parse(
      lines(
        'From: a@example.com',
        'Subject: broken',
        'Content-Type: multipart/alternative; boundary="XYZ"',
        '',
        '--XYZ',
        'Content-Type: text/plain',
        '',
        'The plain part survives.',
        '--XY',
        'Content-Type: text/html',
        '',
        '<p>html part</p>',
      ),
    );
    expect(unterminated.text).toContain('The plain part survives.');

    const noBoundary = await parse(
      lines(
        'From: a@example.com',
        'Content-Type: multipart/mixed',
        '',
        '--abc',
        'Content-Type: text/plain',
        '',
        'Hello from inside a part.',
        '--abc--',
      ),
    );
    expect(noBoundary.text).toBe('Hello from inside a part.');

    const noHeaders = await parse('Just some text, no headers at all.\r\nSecond line.\r\n');
    expect(noHeaders.text).toBe('Just some text, no headers at all.\nSecond line.');
    expect(noHeaders.from).toEqual({ address: '', name: '' });
    expect(noHeaders.messageId).toMatch(/@doppel\.invalid>$/);

    // mailparser refuses a header block this large; the fallback still reads it.
    const hugeHeader = await parse(
      lines(
        'From: a@example.com',
        `X-Junk: ${'x'.repeat(3_000_000)}`,
        'Subject: =?utf-8?B?0J/RgNC40LLQtdGC?=',
        'Message-ID: <huge@example.com>',
        'Date: Tue, 1 Jul 2025 10:00:00 +0200',
        '',
        'Body after a huge header.',
      ),
    );
    expect(hugeHeader).toMatchObject({
      messageId: '<huge@example.com>',
      subject: 'Привет',
      text: 'Body after a huge header.',
      from: { address: 'a@example.com' },
    });
    expect(hugeHeader.sentAt.toISOString()).toBe('2025-07-01T08:00:00.000Z');

    const noise = await parse(randomBytes(4096));
    expect(noise.uid).toBe(7);
    expect(allText(noise).some(hasUnstorableText)).toBe(false);
  });

  it('never puts out NUL or half a surrogate pair, and cuts long text to a storable length', async () => {
    const mail = await parse(
      lines(
        'From: "Nul\u0000Name" <a@example.com>',
        'Subject: nul =?utf-8?Q?=00?= inside',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        '<p>before=00after &#xD800; lone</p>',
      ),
    );
    expect(allText(mail).some(hasUnstorableText)).toBe(false);
    expect(mail.text).toContain('beforeafter');

    const long = await parse(
      lines(
        'From: a@example.com',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `a${'😀'.repeat(MAIL_TEXT_MAX)}`,
      ),
    );
    expect(long.text.length).toBeLessThanOrEqual(MAIL_TEXT_MAX);
    expect(long.text.length).toBeGreaterThan(MAIL_TEXT_MAX - 2);
    expect(hasUnstorableText(long.text)).toBe(false);
  });

  // Under a busy machine's load building and parsing 20 MB takes far longer than its 1 s alone.
  it(
    'drains a 20 MB attachment without holding it or a copy of the mail, and keeps the text',
    { timeout: 120_000 },
    async () => {
      const attachment = randomBytes(20 * 1024 * 1024)
        .toString('base64')
        .replace(/.{76}/g, '$&\r\n');
      const raw = Buffer.from(
        lines(
          'From: a@example.com',
          'Subject: the deck',
          'Content-Type: multipart/mixed; boundary="b"',
          '',
          '--b',
          'Content-Type: text/plain; charset=utf-8',
          '',
          'The deck is attached.',
          '--b',
          'Content-Type: application/pdf',
          'Content-Disposition: attachment; filename="deck.pdf"',
          'Content-Transfer-Encoding: base64',
          '',
          attachment,
          '--b--',
          '',
        ),
      );
      const { result: mail, heapGrowth } = await peakMemoryDuring(
        () => parseMail(raw, { uid: 1, receivedAt }),
        {
          collect: true,
        },
      );
      expect(mail.text).toBe('The deck is attached.');
      // The raw mail (27 MB) is in memory already. Parsing it must hold neither the decoded
      // attachment (20 MB) nor a copy of the raw: only the slices in flight.
      expect(heapGrowth).toBeLessThan(12 * 1024 * 1024);
    },
  );

  it('reads a delivery report: the failed recipients, for good or for now, and the bounced Message-ID', async () => {
    const failed = await parse(deliveryReport({ action: 'failed', status: '5.1.1', returned: 'message' }));
    expect(failed.bounce).toEqual({
      recipients: ['lead@example.org'],
      permanent: true,
      originalMessageId: '<pilot-offer-1@example.com>',
    });
    expect(failed.automatic).toBe(true);
    expect(failed.text).toContain('could not be delivered');
    expect(failed.text).not.toContain('original body');

    const delayed = await parse(deliveryReport({ action: 'delayed', status: '4.4.1', returned: 'headers' }));
    expect(delayed.bounce).toEqual({
      recipients: ['lead@example.org'],
      permanent: false,
      originalMessageId: '<pilot-offer-2@example.com>',
    });

    const delivered = await parse(
      deliveryReport({ action: 'delivered', status: '2.0.0', returned: 'headers' }),
    );
    expect(delivered.bounce).toBeNull();
  });

  it('tells machine mail (out-of-office, bulk, lists, no-reply) from mail a person wrote', async () => {
    const mail = (...headers: string[]) =>
      parse(lines('From: Lead <lead@example.org>', 'To: alice@example.com', ...headers, '', 'Text'));
    const automatic = [
      await mail('Subject: Out of Office: back on Monday', 'Auto-Submitted: auto-replied'),
      await mail('Subject: Automatic reply: Our pilot'),
      await mail('Subject: Re: pilot', 'X-Autoreply: yes'),
      await mail('Subject: Автоответ: пилот'),
      await mail('Subject: Weekly digest', 'Precedence: bulk'),
      await mail('Subject: News', 'List-Unsubscribe: <mailto:unsubscribe@example.org>'),
      await mail('Subject: Hello', 'Return-Path: <>'),
      await parse(lines('From: no-reply@service.example', 'Subject: Your receipt', '', 'Thanks')),
    ];
    expect(automatic.map((parsed) => parsed.automatic)).toEqual(automatic.map(() => true));

    const person = [
      await mail('Subject: Re: pilot', 'Auto-Submitted: no'),
      await mail('Subject: Office hours next week?'),
    ];
    expect(person.map((parsed) => parsed.automatic)).toEqual([false, false]);
  });
});
