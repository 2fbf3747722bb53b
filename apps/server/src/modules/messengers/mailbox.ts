import { credentialFields } from '@doppel/contracts';
import { createImapReader } from '../../integrations/email/imap-reader';
import {
  MailboxError,
  type MailReader,
  type MailSender,
  type MailboxSettings,
  type MailServer,
} from '../../integrations/email/mailbox';
import { createSmtpSender } from '../../integrations/email/smtp-sender';
import type { Credentials } from '../../integrations/messengers/messenger-adapter';
import { AppError } from '../../lib/app-error';

/*
 * The Email card's connection (issue 18, docs/decisions/031): its credential fields become the
 * IMAP and SMTP settings of the user's own mailbox, and connecting checks both sides.
 */

let reader: MailReader | undefined;
let sender: MailSender | undefined;

/** The process's IMAP reader and SMTP sender; they hold no connection between calls. */
export function mailReader(): MailReader {
  return (reader ??= createImapReader());
}

export function mailSender(): MailSender {
  return (sender ??= createSmtpSender());
}

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * The email fields' own rules, beyond "required": an address, host names, ports 1–65535, the TLS
 * switches 'true' or 'false'. Field-level problems, keyed as the connect dialog names fields.
 */
export function emailCredentialProblems(credentials: Credentials): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of credentialFields.email) {
    const value = credentials[field.name];
    if (value === undefined) continue;
    const key = `credentials.${field.name}`;
    if (field.kind === 'email' && !EMAIL_ADDRESS.test(value)) problems[key] = 'emailInvalid';
    if (field.name.endsWith('_host') && !HOST.test(value)) problems[key] = 'hostInvalid';
    if (field.kind === 'port' && !(/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535)) {
      problems[key] = 'portInvalid';
    }
    if (field.kind === 'toggle' && value !== 'true' && value !== 'false') problems[key] = 'toggleInvalid';
  }
  return problems;
}

/** The mailbox's settings from the connection's (decrypted) credentials, defaults filled in. */
export function mailboxSettingsOf(credentials: Credentials): MailboxSettings {
  const address = credentials.address!.trim().toLowerCase();
  const defaults = Object.fromEntries(
    credentialFields.email
      .filter((field) => field.defaultValue)
      .map((field) => [field.name, field.defaultValue!]),
  );
  const value = (name: string) => credentials[name] ?? defaults[name];
  const server = (side: 'imap' | 'smtp', password: string): MailServer => ({
    host: value(`${side}_host`)!,
    port: Number(value(`${side}_port`)),
    secure: value(`${side}_tls`) !== 'false',
    user: value(`${side}_user`) || address,
    password,
  });
  return {
    address,
    senderName: credentials.sender_name?.trim() || address,
    imap: server('imap', credentials.imap_password!),
    smtp: server('smtp', credentials.smtp_password || credentials.imap_password!),
  };
}

/** The field a failure of one side points at: the password when it was refused, else the host. */
function fieldOf(error: MailboxError): string {
  return error.reason === 'auth_failed'
    ? `credentials.${error.side}_password`
    : `credentials.${error.side}_host`;
}

/**
 * Signs in to both sides, so Connect says exactly which failed (a refused IMAP password, an SMTP
 * server out of reach). The API error names the fields with the reason as their code; its
 * message says the same in words and never carries a credential.
 */
export async function verifyMailbox(settings: MailboxSettings): Promise<{ username: string }> {
  const results = await Promise.allSettled([mailReader().verify(settings), mailSender().verify(settings)]);
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length === 0) return { username: settings.address };
  const mailboxFailures = failures.filter(
    (failure): failure is MailboxError => failure instanceof MailboxError,
  );
  if (mailboxFailures.length !== failures.length)
    throw failures.find((failure) => !(failure instanceof MailboxError));
  throw new AppError('messenger_failed', mailboxFailures.map((failure) => failure.message).join(' '), {
    fields: Object.fromEntries(mailboxFailures.map((failure) => [fieldOf(failure), failure.reason])),
  });
}
