// A real SMTP server on 127.0.0.1 that keeps every message it receives and shows them over HTTP,
// so end-to-end tests follow emailed links the way a user would. Run with tsx.
import http from 'node:http';
// The SMTP side is shared with the server's own tests; e2e may not import server code otherwise.
import { startSmtpTestServer } from '../../apps/server/src/test-support/smtp-test-server';

const smtpPort = Number(process.env.FAKE_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.FAKE_SMTP_HTTP_PORT ?? 2527);

interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** Undoes quoted-printable soft breaks and escapes, which SMTP clients use for long lines. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseMessage(raw: string, recipients: string[], receivedAt: Date): ReceivedEmail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?utf-8\?([bq])\?(.*?)\?=/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
  let body = rest.join('\n\n');
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to: recipients, subject, text: body, receivedAt: receivedAt.toISOString() };
}

// Without users it takes mail from anyone, unauthenticated, and offers no STARTTLS.
const smtp = await startSmtpTestServer({ port: smtpPort });
const inbox = (): ReceivedEmail[] =>
  smtp.messages.map((message) =>
    parseMessage(
      message.raw.toString('utf8'),
      message.rcptTo.map((address) => address.toLowerCase()),
      message.receivedAt,
    ),
  );

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
    if (url.pathname === '/healthz') return response.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const messages = to ? inbox().filter((m) => m.to.includes(to)) : inbox();
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(messages));
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1');
