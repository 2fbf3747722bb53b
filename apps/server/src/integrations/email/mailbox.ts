import type { MailboxFailure } from '@doppel/contracts';

/*
 * The user's own mailbox (issue 18): IMAP to read it, SMTP to send from it. These are the types
 * the adapters (imap-reader.ts, smtp-sender.ts, parse-mail.ts) and the messengers module share.
 * Adapters speak the real protocols (imapflow, nodemailer) to the configured servers; tests run
 * them against Dovecot and smtp-server on 127.0.0.1. Nothing here ever logs or returns a password.
 */

/** One side of the mailbox: where to connect and how to sign in. */
export interface MailServer {
  host: string;
  port: number;
  /** TLS from the first byte (IMAP 993, SMTP 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
}

export interface MailboxSettings {
  imap: MailServer;
  smtp: MailServer;
  /** The mailbox's own address: From of everything sent, and how the user's own mail is told apart. */
  address: string;
  /** Shown with the address in From. */
  senderName: string;
}

export type MailboxSide = 'imap' | 'smtp';

/** Why talking to the mailbox failed (the codes and what each means: @doppel/contracts). */
export type { MailboxFailure };

/** Errors the adapters throw: which side, why, and the server's own short answer when it gave one. */
export class MailboxError extends Error {
  override name = 'MailboxError';
  constructor(
    readonly side: MailboxSide,
    readonly reason: MailboxFailure,
    message: string,
    /** The server's reply line (e.g. "550 5.1.1 User unknown"), never containing a credential. */
    readonly serverResponse?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether trying again later can succeed (everything but auth_failed and rejected). */
  get transient(): boolean {
    return this.reason !== 'auth_failed' && this.reason !== 'rejected';
  }
}

/** A mail read from the mailbox, parsed (parse-mail.ts). */
export interface InboundMail {
  /** IMAP UID in the folder it was read from. */
  uid: number;
  /** The Message-ID header with its angle brackets; when missing, a stable one made from the content. */
  messageId: string;
  inReplyTo: string | null;
  /** The References header's ids, oldest first. */
  references: string[];
  /** The sender; the address lower-cased. */
  from: { address: string; name: string };
  to: string[];
  cc: string[];
  subject: string;
  /**
   * The text: the text/plain part, else the HTML turned into plain text (no markup, no script,
   * no style); decoded from its charset (cp1251, koi8-r, …); cut to a storable length.
   */
  text: string;
  /** The Date header, else the server's received date. */
  sentAt: Date;
  /** Sent by a machine, not a person (Auto-Submitted, an out-of-office, Precedence: bulk/list/junk). */
  automatic: boolean;
  /**
   * A delivery-status notification (a bounce, RFC 3464): the recipients whose delivery failed,
   * whether for good (5.x.x) or for now (4.x.x), and the Message-ID of the mail that bounced
   * when the report carries it.
   */
  bounce: { recipients: string[]; permanent: boolean; originalMessageId: string | null } | null;
}

/** Where reading left off: the folder's UIDVALIDITY and the highest UID taken in. */
export interface MailboxCursor {
  uidValidity: string;
  lastUid: number;
}

export interface ReadBatch {
  mails: InboundMail[];
  /** Where to go on from once this batch is taken in. */
  cursor: MailboxCursor;
  /** Progress of this read: mails handled so far and in all. */
  done: number;
  total: number;
}

export interface ReadOptions {
  /**
   * Without a cursor (first sync, or the folder's UIDVALIDITY changed), only mail received on or
   * after this date is read; with one, everything after the cursor.
   */
  since: Date;
  /** Mails per batch; default 100. */
  batchSize?: number;
  signal?: AbortSignal;
}

export interface MailReader {
  /** Signs in to IMAP and opens INBOX; throws MailboxError('imap', …) saying what failed. */
  verify(settings: MailboxSettings): Promise<void>;
  /** New mail in INBOX after the cursor, oldest first, in batches. */
  read(
    settings: MailboxSettings,
    cursor: MailboxCursor | null,
    options: ReadOptions,
  ): AsyncGenerator<ReadBatch>;
  /**
   * Keeps an IMAP connection open in IDLE and calls `onNewMail` when INBOX gets mail. Resolves to
   * null when the server has no IDLE (the caller polls instead).
   */
  watch(
    settings: MailboxSettings,
    handlers: { onNewMail(): void; onError(error: MailboxError): void },
  ): Promise<{ stop(): Promise<void> } | null>;
  /** Appends a sent message to the Sent folder (\Sent special-use, else "Sent"); false when there is none. */
  appendToSent(settings: MailboxSettings, raw: Buffer): Promise<boolean>;
  /** Whether the Sent folder holds a message with this Message-ID (a send whose outcome is unknown). */
  sentFolderHas(settings: MailboxSettings, messageId: string): Promise<boolean>;
}

/** A mail to send from the user's mailbox. */
export interface OutgoingMail {
  to: { address: string; name?: string };
  subject: string;
  text: string;
  /**
   * Chosen by the caller before the first attempt and kept for every retry, so a message that
   * may already have gone out can be looked for (sentFolderHas) instead of sent again.
   */
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /** Campaign mail: List-Unsubscribe with both forms and List-Unsubscribe-Post (RFC 8058). */
  listUnsubscribe?: { mailto: string; url: string };
}

export interface SentMail {
  messageId: string;
  /** The message as sent (RFC 5322), for the Sent folder. */
  raw: Buffer;
  /** The server's final reply, e.g. "250 2.0.0 OK queued as …". */
  response: string;
}

export interface MailSender {
  /** Signs in to SMTP; throws MailboxError('smtp', …) saying what failed. */
  verify(settings: MailboxSettings): Promise<void>;
  /** Sends one mail; throws MailboxError('smtp', 'rejected' | 'deferred' | …) when it was not accepted. */
  send(settings: MailboxSettings, mail: OutgoingMail): Promise<SentMail>;
}
