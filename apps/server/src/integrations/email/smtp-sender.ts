import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import {
  MailboxError,
  type MailboxFailure,
  type MailSender,
  type MailServer,
  type OutgoingMail,
} from './mailbox';

/*
 * Sends from the user's own mailbox over SMTP (nodemailer). Each verify or send opens its own
 * connection and closes it when done, rather than keeping a pool per mailbox: a mailbox sends a
 * reply now and then, or campaign mail at a deliberately slow pace, so a kept connection would
 * mostly sit idle against the server's idle timeout; and a pool keyed by settings would keep
 * passwords in memory after they changed and need its own eviction. One connection per mail
 * costs a handshake, which is nothing next to the pace mail is sent at.
 */

export interface SmtpSenderOptions {
  /** How long to wait for the TCP (and TLS) connection; default 15 s. */
  connectTimeoutMs?: number;
  /** How long to wait for the server's greeting once connected; default 15 s. */
  greetingTimeoutMs?: number;
  /** How long the server may stay silent mid-conversation; default 60 s. */
  socketTimeoutMs?: number;
  /** Certificates (PEM) to trust besides the system's: a test server's self-signed one. */
  trustedCertificates?: string[];
}

/** Right side of a Message-ID when the address has no usable domain. */
const FALLBACK_MESSAGE_ID_DOMAIN = 'doppel.local';

/** `<random@domain-of-the-address>`: unique, and naming the domain the mail is sent from. */
export function newMessageId(address: string): string {
  const at = address.lastIndexOf('@');
  // Message-IDs are ASCII: an international domain goes in its punycode form.
  const domain =
    at === -1
      ? ''
      : domainToASCII(
          address
            .slice(at + 1)
            .trim()
            .toLowerCase(),
        );
  const usable = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain) ? domain : FALLBACK_MESSAGE_ID_DOMAIN;
  return `<${randomUUID()}@${usable}>`;
}

/** The error fields nodemailer sets (errors.d.ts); `originalCode` is the socket's own code. */
interface NodemailerFailure {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  rejectedErrors?: NodemailerFailure[];
  reason?: string;
  message?: string;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EDNS',
  'ECONNECTION',
]);
/** Node's names for a certificate it would not trust (tls.TLSSocket authorizationError). */
const CERTIFICATE_CODE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH|ERR_TLS_CERT)/;
const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|ETLS$)/;
/** A server's reply is kept short: it is shown to the user and stored. */
const MAX_RESPONSE_LENGTH = 300;

function shortResponse(response: string | undefined): string | undefined {
  const line = response?.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, MAX_RESPONSE_LENGTH) : undefined;
}

/**
 * What went wrong talking to an SMTP server, as a MailboxError('smtp', …). Messages are ours, in
 * plain words; the server's reply travels as serverResponse. Nothing nodemailer reports carries
 * a credential (its AUTH errors name the command, not its arguments), and the message is never
 * built from the settings' password.
 */
export function smtpFailure(error: unknown, server: Pick<MailServer, 'host' | 'port'>): MailboxError {
  if (error instanceof MailboxError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as NodemailerFailure;
  const where = `${server.host}:${server.port}`;
  const fail = (reason: MailboxFailure, message: string, response?: string) =>
    new MailboxError('smtp', reason, message, shortResponse(response), { cause: error });

  // A recipient refused: the first refusal's reply says why.
  const replied =
    failure.code === 'EENVELOPE' && failure.rejectedErrors?.[0] ? failure.rejectedErrors[0] : failure;
  const responseCode = replied.responseCode ?? failure.responseCode;
  const response = replied.response ?? failure.response;
  const socketCode = failure.originalCode ?? failure.code ?? '';

  if (failure.code === 'EAUTH' || responseCode === 535) {
    // 454 is "temporary authentication failure": the server could not check, not a no.
    if (responseCode !== undefined && responseCode >= 400 && responseCode < 500) {
      return fail('deferred', 'The SMTP server could not check the sign-in just now.', response);
    }
    return fail('auth_failed', 'The SMTP server refused the user name or password.', response);
  }
  if (failure.code === 'ENOAUTH') {
    return fail('auth_failed', 'The SMTP server asks for a user name and password.', response);
  }
  if (responseCode !== undefined && responseCode >= 400 && responseCode < 600) {
    const refused = failure.code === 'EENVELOPE' ? 'the recipient' : 'the message';
    return responseCode < 500
      ? fail(
          'deferred',
          `The SMTP server turned ${refused} away for now; a later attempt may succeed.`,
          response,
        )
      : fail('rejected', `The SMTP server refused ${refused}.`, response);
  }
  if (socketCode === 'ERR_SSL_WRONG_VERSION_NUMBER') {
    return fail(
      'tls_failed',
      `The SMTP server at ${where} does not speak TLS from the first byte: turn "secure" off, or use its TLS port (usually 465).`,
    );
  }
  if (CERTIFICATE_CODE.test(socketCode)) {
    const why = (failure.message ?? '').split(';')[0]?.trim();
    return fail('tls_failed', `The SMTP server's certificate is not trusted${why ? ` (${why})` : ''}.`);
  }
  if (TLS_CODE.test(socketCode) || failure.code === 'ETLS') {
    return fail('tls_failed', `The secure connection to the SMTP server at ${where} failed.`);
  }
  if (failure.code === 'ETIMEDOUT' || socketCode === 'ETIMEDOUT') {
    return fail('timeout', `The SMTP server at ${where} stopped answering.`);
  }
  if (UNREACHABLE_CODES.has(socketCode) || UNREACHABLE_CODES.has(failure.code ?? '')) {
    return fail('unreachable', `Could not connect to the SMTP server at ${where}.`);
  }
  return fail('protocol', 'The SMTP server answered something that could not be used.', response);
}

/**
 * The composer leaves a 7-bit body's bare LFs alone and the transport turns them into CRLF on
 * the wire; doing it here first makes the kept copy the bytes that were sent. Byte-wise (latin1),
 * so no encoded byte changes.
 */
function withCrlfLineEnds(message: Buffer): Buffer {
  return Buffer.from(message.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}

/** A header value on one line: a subject with line breaks would end the header early. */
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

export function createSmtpSender(options: SmtpSenderOptions = {}): MailSender {
  function transportFor(server: MailServer) {
    return nodemailer.createTransport({
      host: server.host,
      port: server.port,
      secure: server.secure,
      auth: { user: server.user, pass: server.password },
      connectionTimeout: options.connectTimeoutMs ?? 15_000,
      greetingTimeout: options.greetingTimeoutMs ?? 15_000,
      socketTimeout: options.socketTimeoutMs ?? 60_000,
      ...(options.trustedCertificates ? { tls: { ca: options.trustedCertificates } } : {}),
      // Protocol logs would carry the AUTH exchange.
      logger: false,
      debug: false,
    });
  }

  return {
    async verify(settings) {
      const transport = transportFor(settings.smtp);
      try {
        await transport.verify();
      } catch (error) {
        throw smtpFailure(error, settings.smtp);
      } finally {
        transport.close();
      }
    },

    async send(settings, mail: OutgoingMail) {
      const headers: Record<string, string> = {};
      if (mail.listUnsubscribe) {
        // RFC 8058: the https form with List-Unsubscribe-Post lets a provider unsubscribe in one click.
        headers['List-Unsubscribe'] = `<${mail.listUnsubscribe.mailto}>, <${mail.listUnsubscribe.url}>`;
        headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
      }
      // Built once: what goes over the wire is exactly what is kept for the Sent folder.
      const composed = await new MailComposer({
        from: { name: oneLine(settings.senderName), address: settings.address },
        to: mail.to.name ? { name: oneLine(mail.to.name), address: mail.to.address } : mail.to.address,
        subject: oneLine(mail.subject),
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references?.length ? { references: mail.references } : {}),
        headers,
        // The text is ours; nothing in a mail may make the composer read a file or a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      })
        .compile()
        .build();
      const raw = withCrlfLineEnds(composed);
      const transport = transportFor(settings.smtp);
      try {
        const info = await transport.sendMail({
          envelope: { from: settings.address, to: [mail.to.address] },
          raw,
        });
        return { messageId: mail.messageId, raw, response: String(info.response ?? '') };
      } catch (error) {
        throw smtpFailure(error, settings.smtp);
      } finally {
        transport.close();
      }
    },
  };
}
