import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { MailServer } from '../integrations/email/mailbox';
import { selfSignedCertificate } from './self-signed-certificate';

/*
 * A real SMTP server (smtp-server) on 127.0.0.1 for tests: it signs users in with AUTH PLAIN or
 * LOGIN, keeps every message it accepts exactly as it arrived, and turns messages away with the
 * reply a test asks for. Shared with the end-to-end fake (e2e/fake-servers/smtp-server.ts).
 */

/** A message the server accepted: its envelope and its bytes, as the client sent them. */
export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  /** The user it signed in as, when it did. */
  user: string | undefined;
  raw: Buffer;
  receivedAt: Date;
}

/** Where a scripted refusal is given: to RCPT TO, or once the message's data is in. */
export type RefusalStage = 'rcpt' | 'data';

/**
 * - plain: no TLS at all (STARTTLS is not offered), so credentials travel in the clear as only
 *   a test may;
 * - implicit: TLS from the first byte (as on port 465);
 * - starttls: plain, upgraded by STARTTLS before AUTH.
 * With TLS the certificate is self-signed, made when the server starts: clients trust it through
 * `certificate`.
 */
export type SmtpTestSecurity = 'plain' | 'implicit' | 'starttls';

export interface SmtpTestServerOptions {
  /** User name → password. Without users the server takes mail from anyone, unauthenticated. */
  users?: Record<string, string>;
  security?: SmtpTestSecurity;
  /** Default: a free port. */
  port?: number;
}

export interface SmtpTestServer {
  host: string;
  port: number;
  /** TLS from the first byte (MailServer.secure). */
  secure: boolean;
  /** The self-signed certificate (PEM) when the server speaks TLS, for a client's `ca`. */
  certificate: string | undefined;
  /** Accepted messages, oldest first. */
  readonly messages: ReceivedMail[];
  /** How many connections clients opened, to tell that nobody called. */
  readonly connections: number;
  /** Where a client signs in as this user (`password` defaults to the user's own). */
  mailServer(user: string, password?: string): MailServer;
  /** An smtp:// or smtps:// URL (SMTP_URL), signing in as the user when one is given. */
  url(user?: string): string;
  /**
   * The next `times` messages are refused with this reply at `stage` instead of accepted
   * (e.g. 451 for "try again later", 550 for "no such user").
   */
  failNext(code: number, message: string, times?: number, stage?: RefusalStage): void;
  close(): Promise<void>;
}

interface Refusal {
  code: number;
  message: string;
  stage: RefusalStage;
}

function replyError(refusal: Refusal): Error & { responseCode: number } {
  return Object.assign(new Error(refusal.message), { responseCode: refusal.code });
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const host = '127.0.0.1';
  const users = options.users ?? {};
  const security = options.security ?? 'plain';
  const tls = security === 'plain' ? undefined : selfSignedCertificate();
  const messages: ReceivedMail[] = [];
  const refusals: Refusal[] = [];
  let connections = 0;

  /** Takes the next refusal for this stage, if one is queued. */
  function refusalAt(stage: RefusalStage): Refusal | undefined {
    const index = refusals.findIndex((refusal) => refusal.stage === stage);
    return index === -1 ? undefined : refusals.splice(index, 1)[0];
  }

  const serverOptions: SMTPServerOptions = {
    logger: false,
    secure: security === 'implicit',
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    disabledCommands: security === 'plain' ? ['STARTTLS'] : [],
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: Object.keys(users).length === 0,
    allowInsecureAuth: security === 'plain',
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      const expected = Object.hasOwn(users, auth.username ?? '') ? users[auth.username!] : undefined;
      if (expected === undefined || auth.password !== expected) {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      const refusal = refusalAt('rcpt');
      callback(refusal ? replyError(refusal) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusalAt('data');
        if (refusal) return callback(replyError(refusal));
        messages.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks),
          receivedAt: new Date(),
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(options.port ?? 0, host, () => resolve((server.server.address() as AddressInfo).port));
  });

  const secure = security === 'implicit';
  return {
    host,
    port,
    secure,
    certificate: tls?.cert,
    messages,
    get connections() {
      return connections;
    },
    mailServer: (user, password = users[user] ?? '') => ({ host, port, secure, user, password }),
    url(user) {
      const credentials =
        user === undefined ? '' : `${encodeURIComponent(user)}:${encodeURIComponent(users[user] ?? '')}@`;
      return `${secure ? 'smtps' : 'smtp'}://${credentials}${host}:${port}`;
    },
    failNext(code, message, times = 1, stage = 'data') {
      for (let i = 0; i < times; i++) refusals.push({ code, message, stage });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
