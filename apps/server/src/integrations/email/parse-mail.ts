import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import {
  MailParser,
  parseAddressHeader,
  type AddressObject,
  type AttachmentStream,
  type EmailAddress,
  type HeaderLines,
  type Headers,
  type MessageText,
  type StructuredHeader,
} from 'mailparser';
import { parse as parseHtml } from 'node-html-parser';
import { cutText, storableText } from '../../lib/text';
import type { InboundMail } from './mailbox';

/*
 * A raw mail (RFC 5322) turned into what the app keeps of it (InboundMail). Mail comes from
 * everywhere and much of it is broken: nothing here throws on bad input, every field falls back
 * to the best that can be read. Attachments are never kept: mailparser streams them and they
 * are drained as they pass, so a 20 MB attachment costs its raw bytes and not a decoded copy.
 * Only the small parts of a delivery report are read (the status fields and the returned
 * headers), and those only up to REPORT_PART_MAX bytes.
 */

/** The longest text kept of a mail, in UTF-16 units (what the task's message texts allow). */
export const MAIL_TEXT_MAX = 20_000;
const SUBJECT_MAX = 998;
const NAME_MAX = 200;
const ADDRESS_MAX = 320;
const MESSAGE_ID_MAX = 998;
/** The most recent ids of a long References header are the ones threading needs. */
const REFERENCES_MAX = 50;
const RECIPIENTS_MAX = 100;
/** Bytes read of a delivery-status part or of the headers a bounce returns. */
const REPORT_PART_MAX = 64 * 1024;
/** How much of the raw mail is handed to the parser at a time. */
const FEED_SLICE_BYTES = 64 * 1024;
/** HTML longer than this is not given to mailparser's converter but to the simple one below. */
const HTML_TO_TEXT_MAX = 2_000_000;

export interface MailContext {
  uid: number;
  /** The server's received date (IMAP INTERNALDATE): sentAt when the Date header is unusable. */
  receivedAt: Date;
}

/** What was read from the MIME structure before it becomes an InboundMail. */
interface MimeReading {
  headers: Headers;
  headerLines: HeaderLines;
  text: string;
  html: string;
  /** The message/delivery-status part (RFC 3464), when the mail is a delivery report. */
  deliveryStatus: string | null;
  /** The header block of the returned message (text/rfc822-headers or message/rfc822). */
  returnedHeaders: string | null;
}

export async function parseMail(raw: Buffer, context: MailContext): Promise<InboundMail> {
  const prepared = withReadableCharsets(raw);
  let reading: MimeReading;
  try {
    reading = await readMime(prepared);
  } catch {
    // mailparser gave up (a header block too large, too many parts): read it as plain text.
    reading = readPlainly(prepared);
  }
  const bounce = readBounce(reading);
  const from = sender(reading.headers);
  const subject = clean(stringHeader(reading.headers, 'subject').replace(/\s+/g, ' ').trim(), SUBJECT_MAX);
  return {
    uid: context.uid,
    messageId: messageIdIn(stringHeader(reading.headers, 'message-id')) ?? syntheticMessageId(raw),
    inReplyTo: messageIdIn(stringHeader(reading.headers, 'in-reply-to')),
    references: referencesIn(reading.headers.get('references')),
    from,
    to: addressList(reading.headers, 'to'),
    cc: addressList(reading.headers, 'cc'),
    subject,
    text: bodyText(reading, prepared),
    sentAt: dateHeader(reading.headerLines) ?? context.receivedAt,
    automatic: bounce !== null || isAutomatic(reading.headers, from.address, subject),
    bounce,
  };
}

// ---------------------------------------------------------------------------------------------
// Charsets

/** Where the header block ends: the first empty line (CRLF or bare LF), else the end. */
function headerBlockEnd(raw: Buffer): number {
  const ends = [raw.indexOf('\r\n\r\n'), raw.indexOf('\n\n'), raw.indexOf('\n\r\n')].filter((at) => at >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const hasEightBit = (bytes: Buffer) => bytes.some((byte) => byte >= 0x80);

/**
 * A guess at the single-byte charset of undeclared 8-bit text. Russian text is mostly letters
 * above 0x7F, lower case far more often than upper case: windows-1251 has the lower-case letters
 * at 0xE0–0xFF, KOI8-R at 0xC0–0xDF. Western European text has only a few accented letters
 * among plain ASCII ones: windows-1252.
 */
function guessCharset(bytes: Buffer): string {
  let letters = 0;
  let high = 0;
  let upperHalf = 0;
  let lowerHalf = 0;
  for (const byte of bytes) {
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)) letters += 1;
    else if (byte >= 0xc0) {
      high += 1;
      if (byte >= 0xe0) upperHalf += 1;
      else lowerHalf += 1;
    }
  }
  if (high === 0 || high < (letters + high) * 0.3) return 'windows-1252';
  return upperHalf >= lowerHalf ? 'windows-1251' : 'koi8-r';
}

/** A charset TextDecoder knows and that leaves ASCII as it is (so headers stay headers). */
function usableCharset(label: string | undefined): string | null {
  if (!label) return null;
  try {
    const decoder = new TextDecoder(label.trim().toLowerCase());
    return decoder.decode(Buffer.from('Subject: a-Z 0\r\n')) === 'Subject: a-Z 0\r\n'
      ? decoder.encoding
      : null;
  } catch {
    return null;
  }
}

const CHARSET_PARAMETER = /charset\s*=\s*"?([A-Za-z0-9._:-]+)/i;
const CONTENT_TYPE_HEADER = /^content-type:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*/im;

/**
 * The raw mail as mailparser reads it well. mailparser reads 8-bit header bytes as UTF-8; old
 * clients send them in the body's charset (windows-1251, KOI8-R) without RFC 2047 encoding, so
 * such a header block is converted to UTF-8 first: from the charset the mail declares, else a
 * guess. A single-part text body in 8 bits that declares no charset gets the same charset
 * declared, since mailparser would read it as UTF-8 too.
 */
function withReadableCharsets(raw: Buffer): Buffer {
  const end = headerBlockEnd(raw);
  const head = raw.subarray(0, end);
  const body = raw.subarray(end);
  const headText = head.toString('latin1');
  const contentType = CONTENT_TYPE_HEADER.exec(headText)?.[0];
  const declared = contentType ? CHARSET_PARAMETER.exec(contentType)?.[1] : undefined;
  const multipart = contentType ? /^content-type:\s*multipart\//i.test(contentType) : false;

  const headNeedsConverting = hasEightBit(head) && !isUtf8(head);
  const bodySample = body.subarray(0, 64 * 1024);
  const bodyNeedsCharset = !multipart && !declared && hasEightBit(bodySample) && !isUtf8(bodySample);
  if (!headNeedsConverting && !bodyNeedsCharset) return raw;

  // The first charset a part declares is the best hint for a multipart mail's headers.
  const partCharset = multipart ? CHARSET_PARAMETER.exec(bodySample.toString('latin1'))?.[1] : undefined;
  const charset =
    usableCharset(declared) ?? usableCharset(partCharset) ?? guessCharset(Buffer.concat([head, bodySample]));

  let newHead = headNeedsConverting ? new TextDecoder(charset).decode(head) : headText;
  if (bodyNeedsCharset) {
    newHead = contentType
      ? newHead.replace(CONTENT_TYPE_HEADER, (header) => `${header}; charset=${charset}`)
      : `${newHead}\r\nContent-Type: text/plain; charset=${charset}`;
  }
  return Buffer.concat([Buffer.from(newHead, headNeedsConverting ? 'utf8' : 'latin1'), body]);
}

// ---------------------------------------------------------------------------------------------
// MIME

const DELIVERY_STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);
const RETURNED_HEADERS_TYPES = new Set([
  'text/rfc822-headers',
  'message/rfc822',
  'message/global',
  'message/global-headers',
]);

/** Reads up to `max` bytes of a stream and lets the rest flow away. */
function readSome(stream: Readable, max: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      if (length >= max) return;
      chunks.push(chunk.subarray(0, max - length));
      length += chunk.length;
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', () => resolve(Buffer.concat(chunks)));
  });
}

function readMime(raw: Buffer): Promise<MimeReading> {
  const topType =
    CONTENT_TYPE_HEADER.exec(raw.subarray(0, headerBlockEnd(raw)).toString('latin1'))?.[0] ?? '';
  const isReport = /multipart\/report/i.test(topType);
  return new Promise((resolve, reject) => {
    const parser = new MailParser({
      // The status part comes out as a stream of its own instead of being mixed into the text.
      keepDeliveryStatus: true,
      // A report's returned message is read for its headers, not shown as part of the text.
      ignoreEmbedded: isReport,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
      checksumAlgo: false,
      maxHtmlLengthToParse: HTML_TO_TEXT_MAX,
    });
    const reading: MimeReading = {
      headers: new Map(),
      headerLines: [],
      text: '',
      html: '',
      deliveryStatus: null,
      returnedHeaders: null,
    };
    const reportReads: Array<Promise<void>> = [];
    parser.on('headers', (headers: Headers) => (reading.headers = headers));
    parser.on('headerLines', (lines: HeaderLines) => (reading.headerLines = lines));
    parser.on('data', (data: AttachmentStream | MessageText) => {
      if (data.type === 'text') {
        reading.text = data.text ?? '';
        reading.html = data.html ?? '';
        return;
      }
      const type = data.contentType.toLowerCase();
      if (DELIVERY_STATUS_TYPES.has(type) && reading.deliveryStatus === null) {
        reading.deliveryStatus = '';
        reportReads.push(
          readSome(data.content, REPORT_PART_MAX).then(
            (bytes) => void (reading.deliveryStatus = bytes.toString('utf8')),
          ),
        );
      } else if (RETURNED_HEADERS_TYPES.has(type) && reading.returnedHeaders === null) {
        reading.returnedHeaders = '';
        reportReads.push(
          readSome(data.content, REPORT_PART_MAX).then(
            (bytes) => void (reading.returnedHeaders = bytes.toString('utf8')),
          ),
        );
      } else {
        // An attachment: never kept, drained as it passes.
        data.content.resume();
      }
      data.release?.();
    });
    parser.once('error', reject);
    parser.once('end', () => {
      Promise.all(reportReads).then(() => resolve(reading), reject);
    });
    feed(parser, raw).catch(reject);
  });
}

/**
 * Writes the mail into the parser a slice at a time, as a socket would. Written whole, a large
 * mail would be copied whole (mailparser gathers its input with Buffer.concat) and held until
 * parsed: a second copy of every attachment.
 */
async function feed(parser: MailParser, raw: Buffer): Promise<void> {
  for (let at = 0; at < raw.length; at += FEED_SLICE_BYTES) {
    if (!parser.write(raw.subarray(at, at + FEED_SLICE_BYTES))) await once(parser, 'drain');
  }
  parser.end();
}

/** RFC 2047 encoded words (=?charset?B|Q?…?=), for the fallback reading. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([bq])\?([^?]*)\?=/gi,
      (word, charset: string, encoding: string, text: string) => {
        const decoder = usableCharset(charset);
        if (!decoder) return word;
        const bytes =
          encoding.toLowerCase() === 'b'
            ? Buffer.from(text, 'base64')
            : Buffer.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              );
        return new TextDecoder(decoder).decode(bytes);
      },
    );
}

const ADDRESS_HEADERS = new Set(['from', 'to', 'cc', 'sender', 'reply-to', 'return-path']);

/**
 * The last resort when mailparser throws: header lines unfolded and decoded by hand, the body as
 * text (its charset guessed, MIME boundary and part-header lines dropped).
 */
function readPlainly(raw: Buffer): MimeReading {
  const end = headerBlockEnd(raw);
  const head = raw.subarray(0, end).toString('utf8');
  const headers: Headers = new Map();
  const headerLines: Array<{ key: string; line: string }> = [];
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(key) || headers.has(key)) continue;
    const value = decodeWords(line.slice(colon + 1).trim());
    headerLines.push({ key, line });
    headers.set(key, ADDRESS_HEADERS.has(key) ? parseAddressHeader(value) : value);
  }
  return {
    headers,
    headerLines,
    text: plainBody(raw.subarray(end)),
    html: '',
    deliveryStatus: null,
    returnedHeaders: null,
  };
}

function plainBody(body: Buffer): string {
  const sample = body.subarray(0, 4 * MAIL_TEXT_MAX);
  const text = isUtf8(sample)
    ? sample.toString('utf8')
    : new TextDecoder(guessCharset(sample)).decode(sample);
  return text
    .split(/\r?\n/)
    .filter((line) => !/^--\S{1,70}$/.test(line.trim()) && !/^content-[\w-]+:/i.test(line))
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Text

/**
 * HTML as plain text when mailparser's converter could not do it: no markup, nothing of
 * script, style or head, line breaks where blocks end.
 */
export function htmlToPlainText(html: string): string {
  const breaks = html
    .slice(0, HTML_TO_TEXT_MAX)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6]|table|blockquote|section|article|header|footer)\s*>/gi, '$&\n');
  const root = parseHtml(breaks);
  for (const element of root.querySelectorAll('script, style, head, template, noscript, svg'))
    element.remove();
  return root.textContent;
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function clean(value: string, max: number): string {
  return cutText(storableText(value), max);
}

function bodyText(reading: MimeReading, raw: Buffer): string {
  let text = tidy(reading.text);
  if (!text && reading.html) text = tidy(htmlToPlainText(reading.html));
  // Nothing came out of the MIME structure (no boundary, no blank line after the headers): the
  // body as it stands is still better than an empty message.
  if (!text && reading.deliveryStatus === null) {
    const end = headerBlockEnd(raw);
    const body = end < raw.length ? raw.subarray(end) : raw;
    const plain = tidy(plainBody(body));
    text = /<[a-z][\s\S]*>/i.test(plain) ? tidy(htmlToPlainText(plain)) : plain;
  }
  return clean(text, MAIL_TEXT_MAX);
}

// ---------------------------------------------------------------------------------------------
// Headers

function stringHeader(headers: Headers, key: string): string {
  const value = headers.get(key);
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

const MESSAGE_ID = /<([^<>\s]+)>/;

/** The first Message-ID in a header value, with its angle brackets. */
function messageIdIn(value: string): string | null {
  const bracketed = MESSAGE_ID.exec(value)?.[1];
  const bare = value.trim();
  const id = bracketed ?? (/^[^\s<>]+@[^\s<>]+$/.test(bare) ? bare : null);
  return id ? clean(`<${id}>`, MESSAGE_ID_MAX) : null;
}

/** A Message-ID for a mail that has none: the same for the same bytes, so a re-read matches. */
export function syntheticMessageId(raw: Buffer): string {
  return `<${createHash('sha256').update(raw).digest('hex')}@doppel.invalid>`;
}

function referencesIn(value: unknown): string[] {
  const text = (Array.isArray(value) ? value : [value]).filter((item) => typeof item === 'string').join(' ');
  const ids: string[] = [];
  for (const match of text.matchAll(/<([^<>\s]+)>/g)) {
    const id = clean(`<${match[1]}>`, MESSAGE_ID_MAX);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.slice(-REFERENCES_MAX);
}

function addressObjects(headers: Headers, key: string): AddressObject[] {
  const value = headers.get(key);
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(
    (item): item is AddressObject =>
      typeof item === 'object' && item !== null && 'value' in item && Array.isArray(item.value),
  );
}

function mailboxes(objects: AddressObject[]): EmailAddress[] {
  const flat: EmailAddress[] = [];
  const visit = (entry: EmailAddress) => {
    if (entry.group) entry.group.forEach(visit);
    else if (entry.address) flat.push(entry);
  };
  for (const object of objects) object.value.forEach(visit);
  return flat;
}

const normalAddress = (address: string) => clean(address.trim().toLowerCase(), ADDRESS_MAX);

function sender(headers: Headers): InboundMail['from'] {
  for (const key of ['from', 'sender', 'reply-to']) {
    const [first] = mailboxes(addressObjects(headers, key));
    if (first?.address) {
      const address = normalAddress(first.address);
      const name = clean(first.name.replace(/\s+/g, ' ').trim(), NAME_MAX);
      return { address, name: name || address };
    }
  }
  return { address: '', name: '' };
}

function addressList(headers: Headers, key: string): string[] {
  const addresses = mailboxes(addressObjects(headers, key)).map((entry) => normalAddress(entry.address!));
  return [...new Set(addresses)].slice(0, RECIPIENTS_MAX);
}

/** The Date header as written (mailparser turns an unreadable one into the current time). */
function dateHeader(lines: HeaderLines): Date | null {
  const line = lines.find((entry) => entry.key === 'date')?.line;
  if (!line) return null;
  const value = line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .trim();
  const time = Date.parse(value);
  return Number.isNaN(time) || time < 0 ? null : new Date(time);
}

// ---------------------------------------------------------------------------------------------
// Machines

const AUTOMATIC_SENDERS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?)([+._-].*)?@/i;
/** What may follow a marker word (\b knows only ASCII letters, and these end in others). */
const MARKER_END = '(?=[\\s:.,!-]|$)';
/** Out-of-office subjects of the common mail programs, in the app's languages. */
const OUT_OF_OFFICE_SUBJECTS = [
  /^(automatic reply|auto(-| )?reply|autoresponse|auto-response|auto):/i,
  new RegExp(`(^|\\s)out of (the )?office${MARKER_END}`, 'i'),
  new RegExp(`^(abwesenheitsnotiz|automatische antwort)${MARKER_END}`, 'i'),
  new RegExp(`^(réponse automatique|absence du bureau)${MARKER_END}`, 'i'),
  new RegExp(`^(respuesta automática|fuera de la oficina)${MARKER_END}`, 'i'),
  new RegExp(`^(автоответ|автоматический ответ|нет на месте)${MARKER_END}`, 'i'),
];

/**
 * Whether a machine sent the mail: RFC 3834 (Auto-Submitted other than "no"), Precedence
 * bulk/list/junk, the auto-reply headers of common programs, mailing-list headers, a null or
 * no-reply sender, or an out-of-office subject. Such mail is taken in but never answered.
 */
function isAutomatic(headers: Headers, fromAddress: string, subject: string): boolean {
  const autoSubmitted = stringHeader(headers, 'auto-submitted').split(';')[0]!.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (/^(bulk|list|junk|auto_reply)$/i.test(stringHeader(headers, 'precedence').trim())) return true;
  for (const key of ['x-autoreply', 'x-autorespond', 'x-autogenerated', 'x-auto-reply']) {
    if (headers.has(key)) return true;
  }
  // mailparser gathers List-Id, List-Unsubscribe and the other List-* headers under "list".
  if (headers.has('list') || headers.has('list-id') || headers.has('list-unsubscribe')) return true;
  const returnPath = addressObjects(headers, 'return-path');
  if (headers.has('return-path') && mailboxes(returnPath).length === 0) return true;
  if (AUTOMATIC_SENDERS.test(fromAddress)) return true;
  return OUT_OF_OFFICE_SUBJECTS.some((pattern) => pattern.test(subject));
}

// ---------------------------------------------------------------------------------------------
// Bounces

/** Header-style fields (RFC 3464 groups, a header block): unfolded, names lower-cased. */
function fieldGroups(text: string): Array<Map<string, string>> {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** "rfc822; Someone@Example.com" → someone@example.com */
function reportedAddress(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const bare = address.trim().replace(/^<|>$/g, '').trim();
  return bare.includes('@') ? normalAddress(bare) : null;
}

function readBounce(reading: MimeReading): InboundMail['bounce'] {
  const contentType = reading.headers.get('content-type') as StructuredHeader | undefined;
  const reportType = contentType?.params?.['report-type']?.toLowerCase() ?? '';
  const isDeliveryReport =
    contentType?.value?.toLowerCase() === 'multipart/report' && reportType.endsWith('delivery-status');
  if (!isDeliveryReport || !reading.deliveryStatus) return null;

  const recipients: string[] = [];
  let permanent = false;
  for (const fields of fieldGroups(reading.deliveryStatus)) {
    if (!fields.has('final-recipient') && !fields.has('original-recipient')) continue;
    const action = (fields.get('action') ?? '').toLowerCase();
    const status = (fields.get('status') ?? '').trim();
    const failed = action === 'failed' || (!action && status.startsWith('5'));
    const delayed = action === 'delayed' || (!action && status.startsWith('4'));
    if (!failed && !delayed) continue;
    if (failed && !status.startsWith('4')) permanent = true;
    for (const address of [
      reportedAddress(fields.get('original-recipient')),
      reportedAddress(fields.get('final-recipient')),
    ]) {
      if (address && !recipients.includes(address)) recipients.push(address);
    }
  }
  if (recipients.length === 0) return null;

  const returned = reading.returnedHeaders ? fieldGroups(reading.returnedHeaders)[0] : undefined;
  return {
    recipients: recipients.slice(0, RECIPIENTS_MAX),
    permanent,
    originalMessageId: messageIdIn(returned?.get('message-id') ?? ''),
  };
}
