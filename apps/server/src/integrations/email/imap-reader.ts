import type { FastifyBaseLogger } from 'fastify';
import {
  ImapFlow,
  type FetchMessageObject,
  type ImapFlowError,
  type ImapFlowOptions,
  type ListResponse,
  type Logger,
  type MailboxObject,
  type MessageStructureObject,
  type SearchObject,
} from 'imapflow';
import {
  MailboxError,
  type InboundMail,
  type MailboxFailure,
  type MailboxCursor,
  type MailboxSettings,
  type MailReader,
  type MailServer,
  type ReadBatch,
  type ReadOptions,
} from './mailbox';
import { parseMail, syntheticMessageId } from './parse-mail';

/*
 * The user's INBOX over IMAP (imapflow). Reading is bounded in memory however large the mailbox:
 * UIDs come from one SEARCH, messages are fetched and parsed one batch at a time and one message
 * at a time within it, and a message above `largeMessageBytes` is never downloaded whole — only
 * its header, its text parts (each cut at TEXT_PART_MAX_BYTES) and a delivery report's status and
 * returned headers, so a 20 MB attachment costs nothing. imapflow never logs: it gets `logger:
 * false`, or a logger that passes on only warnings and errors, stripped of anything but their
 * message and code, so no protocol line (LOGIN carries the password) reaches the log.
 */

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const DEFAULT_BATCH_SIZE = 100;
const DEFAULT_LARGE_MESSAGE_BYTES = 2 * 1024 * 1024;
/** Encoded bytes fetched of one text part of a large message; parseMail keeps 20,000 characters. */
const TEXT_PART_MAX_BYTES = 512 * 1024;
/** Text parts of one large message read at most (a mail with a hundred inline texts is not a letter). */
const TEXT_PARTS_MAX = 10;
/**
 * A watching connection restarts IDLE this often: servers and NAT boxes drop silent sessions, and
 * imapflow's own socket timeout (5 minutes) must not find one silent either.
 */
const IDLE_RESTART_MS = 4 * 60_000;
const DAY_MS = 86_400_000;

/** The Sent folder's names mail programs use, for servers that mark none \Sent. */
const SENT_FOLDER_NAMES = ['sent', 'sent items', 'sent messages'];

export type MailLogger = Pick<FastifyBaseLogger, 'warn'>;

export interface ImapReaderOptions {
  /** How long to wait for the connection and for the server's greeting. */
  connectTimeoutMs?: number;
  logger?: MailLogger;
  /** Messages larger than this are read as headers and text parts only. */
  largeMessageBytes?: number;
  /** Certificates (PEM) to trust besides the system's: a test server's own. */
  trustedCertificates?: string[];
}

// ---------------------------------------------------------------------------------------------
// Errors

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
]);
const TIMEOUT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'ETIMEOUT',
  'ETIMEDOUT',
  'UPGRADE_TIMEOUT',
]);
const TLS_CODES = new Set([
  'ClosedAfterConnectTLS',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The server's own words, without any credential (servers do not echo them; this makes sure). */
function serverWords(error: ImapFlowError, server: MailServer): string | undefined {
  const text =
    typeof error.response === 'string' ? error.response : (error.responseText ?? error.reason ?? undefined);
  if (!text) return undefined;
  const line = text
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 300);
  return server.password ? line.replaceAll(server.password, '[hidden]') : line;
}

/**
 * An imapflow or socket error as a MailboxError in our words. The original is kept as the cause
 * only as its name and code: imapflow errors carry the command that failed, and a future
 * version might carry more of it than today's.
 */
export function toMailboxError(error: unknown, server: MailServer): MailboxError {
  if (error instanceof MailboxError) return error;
  const failure = (error ?? {}) as ImapFlowError;
  const code = typeof failure.code === 'string' ? failure.code : '';
  const where = `${server.host}:${server.port}`;
  const mailboxError = (reason: MailboxFailure, message: string) =>
    new MailboxError('imap', reason, message, serverWords(failure, server), {
      cause: { name: failure.name, code },
    });
  if (failure.authenticationFailed || failure.serverResponseCode === 'AUTHENTICATIONFAILED') {
    return mailboxError('auth_failed', `The mail server ${where} refused the user name or password.`);
  }
  if (failure.tlsFailed || TLS_CODES.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) {
    return mailboxError(
      'tls_failed',
      server.secure
        ? `TLS with the mail server ${where} failed: the port may not expect TLS from the first byte, or its certificate is not valid.`
        : `Upgrading the connection to ${where} to TLS (STARTTLS) failed.`,
    );
  }
  if (TIMEOUT_CODES.has(code)) {
    return mailboxError(
      'timeout',
      code === 'GREETING_TIMEOUT' && !server.secure
        ? `The mail server ${where} did not greet; if that port expects TLS from the first byte, turn on TLS.`
        : `The mail server ${where} stopped answering.`,
    );
  }
  if (UNREACHABLE_CODES.has(code)) {
    return mailboxError('unreachable', `Could not connect to the mail server ${where}.`);
  }
  return mailboxError('protocol', `The mail server ${where} answered something unexpected.`);
}

// ---------------------------------------------------------------------------------------------
// Connections

/** imapflow's log entries reduced to their message and code, warnings and errors only. */
function quietLogger(logger: MailLogger, password: string): Logger {
  const forward = (entry: unknown) => {
    const { msg, code, err } = (entry ?? {}) as { msg?: unknown; code?: unknown; err?: { code?: unknown } };
    const message = typeof msg === 'string' ? msg : 'imap client warning';
    const safe = password ? message.replaceAll(password, '[hidden]') : message;
    const errorCode = typeof code === 'string' ? code : typeof err?.code === 'string' ? err.code : undefined;
    logger.warn({ imapCode: errorCode }, `imap: ${safe}`);
  };
  const ignore = () => undefined;
  return { trace: ignore, debug: ignore, info: ignore, warn: forward, error: forward, fatal: forward };
}

function isSentFolder(folder: ListResponse): boolean {
  return folder.specialUse === '\\Sent' && folder.specialUseSource === 'extension';
}

/** The \Sent special-use folder, else one with a usual name, else one imapflow knows by its name. */
function findSentFolder(folders: ListResponse[]): string | null {
  const usable = folders.filter(
    (folder) => !folder.flags.has('\\Noselect') && !folder.flags.has('\\NonExistent'),
  );
  const marked = usable.find(isSentFolder);
  if (marked) return marked.path;
  for (const name of SENT_FOLDER_NAMES) {
    const named = usable.find((folder) => folder.name.toLowerCase() === name);
    if (named) return named.path;
  }
  return usable.find((folder) => folder.specialUse === '\\Sent')?.path ?? null;
}

// ---------------------------------------------------------------------------------------------
// Large messages

interface ChosenPart {
  /** What to fetch: a part number, or "<part>.HEADER" for a returned message's header. */
  section: string;
  /** The MIME header to give the part in the rebuilt message, when not fetched with it. */
  mimeHeader?: string;
}

/**
 * The boundary of a rebuilt large message: always the same, so the same message rebuilds to the
 * same bytes (and one without a Message-ID gets the same made-up one on every read).
 */
const REBUILT_BOUNDARY = '=_doppel_rebuilt_part_4f1c9a7e';

const EMBEDDED_MESSAGE_TYPES = new Set(['message/rfc822', 'message/global']);

/**
 * The parts of a structure that are not containers. An embedded message counts as one part (its
 * own parts are listed under it, but it is read, if at all, for its header).
 */
function leaves(
  node: MessageStructureObject,
  inReport: boolean,
  found: Array<{ node: MessageStructureObject; inReport: boolean }>,
) {
  if (node.childNodes?.length && !EMBEDDED_MESSAGE_TYPES.has(node.type.toLowerCase())) {
    const report = inReport || node.type.toLowerCase() === 'multipart/report';
    for (const child of node.childNodes) leaves(child, report, found);
  } else {
    found.push({ node, inReport });
  }
}

/**
 * The parts worth reading of a large multipart message: its inline plain-text parts (else its
 * HTML ones), and a delivery report's status part and the header of the message it returns.
 */
function chooseParts(structure: MessageStructureObject): ChosenPart[] {
  const found: Array<{ node: MessageStructureObject; inReport: boolean }> = [];
  leaves(structure, false, found);
  const inline = (node: MessageStructureObject) => node.disposition?.toLowerCase() !== 'attachment';
  const ofType = (type: string) =>
    found
      .filter(({ node }) => node.part && node.type.toLowerCase() === type && inline(node))
      .map(({ node }) => node);
  const plain = ofType('text/plain');
  const texts = (plain.length > 0 ? plain : ofType('text/html')).slice(0, TEXT_PARTS_MAX);
  const chosen: ChosenPart[] = texts.map((node) => ({ section: node.part! }));
  for (const { node, inReport } of found) {
    const type = node.type.toLowerCase();
    if (!inReport || !node.part) continue;
    if (['message/delivery-status', 'message/global-delivery-status', 'text/rfc822-headers'].includes(type)) {
      chosen.push({ section: node.part });
    } else if (EMBEDDED_MESSAGE_TYPES.has(type)) {
      chosen.push({
        section: `${node.part}.HEADER`,
        mimeHeader: 'Content-Type: text/rfc822-headers\r\n\r\n',
      });
    }
  }
  return chosen;
}

/** The message header without its own Content-Type and Content-Transfer-Encoding. */
function headerWithoutContentType(header: Buffer): string {
  return header
    .toString('latin1')
    .replace(/\r?\n\r?\n[\s\S]*$/, '')
    .replace(/^content-(type|transfer-encoding):[^\r\n]*(\r?\n[ \t][^\r\n]*)*(\r?\n)?/gim, '')
    .replace(/\s+$/, '');
}

function partBytes(message: FetchMessageObject, section: string): Buffer {
  const parts = message.bodyParts;
  if (!parts) return Buffer.alloc(0);
  return parts.get(section.toLowerCase()) ?? parts.get(section) ?? Buffer.alloc(0);
}

// ---------------------------------------------------------------------------------------------
// The reader

export function createImapReader(options: ImapReaderOptions = {}): MailReader {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const largeMessageBytes = options.largeMessageBytes ?? DEFAULT_LARGE_MESSAGE_BYTES;
  const logger = options.logger;

  async function connect(server: MailServer, extra: Partial<ImapFlowOptions> = {}): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: server.host,
      port: server.port,
      secure: server.secure,
      auth: { user: server.user, pass: server.password },
      logger: logger ? quietLogger(logger, server.password) : false,
      connectionTimeout: connectTimeoutMs,
      greetingTimeout: connectTimeoutMs,
      disableAutoIdle: true,
      ...(options.trustedCertificates ? { tls: { ca: options.trustedCertificates } } : {}),
      ...extra,
    });
    // imapflow emits 'error' when a connection fails after connect(); the command in flight
    // rejects with it as well, which is where it is handled. Unheard, the event would crash us.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw toMailboxError(error, server);
    }
    return client;
  }

  async function logout(client: ImapFlow): Promise<void> {
    try {
      await client.logout();
    } catch {
      client.close();
    }
  }

  /** With a session open: runs `work`, maps its failure, and signs out whatever happens. */
  async function withSession<T>(server: MailServer, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const client = await connect(server);
    try {
      return await work(client);
    } catch (error) {
      throw toMailboxError(error, server);
    } finally {
      await logout(client);
    }
  }

  /** UIDs matching a search; a search the server refuses is an error, never "nothing found". */
  async function searchUids(client: ImapFlow, query: SearchObject): Promise<number[]> {
    const found = await client.search(query, { uid: true });
    if (!Array.isArray(found)) {
      throw new MailboxError(
        'imap',
        'protocol',
        `The mail server ${client.host}:${client.port} refused a search.`,
      );
    }
    return found;
  }

  /**
   * UIDs of mail received at or after `since`. IMAP's SINCE compares dates, not times, in the
   * server's time zone: the search starts a day early, and every mail it finds is checked against
   * its exact INTERNALDATE (one small FETCH; a window of days holds recent mail only). Checking
   * only the days either side of `since` let through, now and then, mail the server's date search
   * placed differently from its INTERNALDATE.
   */
  async function uidsSince(client: ImapFlow, since: Date): Promise<number[]> {
    const dayBefore = new Date(since.getTime() - DAY_MS);
    const candidates = await searchUids(client, { since: dayBefore });
    if (candidates.length === 0) return [];
    const recent: number[] = [];
    for await (const message of client.fetch(candidates, { uid: true, internalDate: true }, { uid: true })) {
      const received = message.internalDate ? new Date(message.internalDate) : null;
      if (!received || received.getTime() >= since.getTime()) recent.push(message.uid);
    }
    return recent.sort((a, b) => a - b);
  }

  async function parseSafely(raw: Buffer, uid: number, receivedAt: Date): Promise<InboundMail> {
    try {
      return await parseMail(raw, { uid, receivedAt });
    } catch (error) {
      // parseMail reads anything; should it still fail, the mail is kept with what is known.
      logger?.warn({ uid, err: { name: (error as Error).name } }, 'imap: a mail could not be parsed');
      return {
        uid,
        messageId: syntheticMessageId(raw),
        inReplyTo: null,
        references: [],
        from: { address: '', name: '' },
        to: [],
        cc: [],
        subject: '',
        text: '',
        sentAt: receivedAt,
        automatic: false,
        bounce: null,
      };
    }
  }

  /**
   * A large message rebuilt from its header and the parts worth reading, then parsed; null when
   * it is gone (expunged since the search).
   */
  async function readLargeMessage(
    client: ImapFlow,
    uid: number,
    receivedAt: Date,
  ): Promise<InboundMail | null> {
    const described = await client.fetchOne(String(uid), { uid: true, bodyStructure: true }, { uid: true });
    if (!described) return null;
    const structure = described.bodyStructure;
    if (!structure?.childNodes?.length) {
      // One part, or a structure the server could not give: the start of the message as it is.
      const start = await client.fetchOne(
        String(uid),
        { uid: true, source: { maxLength: TEXT_PART_MAX_BYTES } },
        { uid: true },
      );
      return start ? parseSafely(start.source ?? Buffer.alloc(0), uid, receivedAt) : null;
    }

    const chosen = chooseParts(structure);
    const bodyParts = chosen.flatMap((part) =>
      part.mimeHeader
        ? [{ key: part.section, maxLength: TEXT_PART_MAX_BYTES }]
        : [`${part.section}.MIME`, { key: part.section, maxLength: TEXT_PART_MAX_BYTES }],
    );
    const message = await client.fetchOne(
      String(uid),
      { uid: true, headers: true, bodyParts },
      { uid: true },
    );
    if (!message) return null;

    const reportType =
      structure.type.toLowerCase() === 'multipart/report' ? structure.parameters?.['report-type'] : undefined;
    const contentType = reportType
      ? `Content-Type: multipart/report; report-type=${reportType}; boundary="${REBUILT_BOUNDARY}"`
      : `Content-Type: multipart/mixed; boundary="${REBUILT_BOUNDARY}"`;
    const pieces: Buffer[] = [
      Buffer.from(
        `${headerWithoutContentType(message.headers ?? Buffer.alloc(0))}\r\n${contentType}\r\n\r\n`,
        'latin1',
      ),
    ];
    for (const part of chosen) {
      pieces.push(Buffer.from(`--${REBUILT_BOUNDARY}\r\n`));
      pieces.push(
        part.mimeHeader ? Buffer.from(part.mimeHeader) : partBytes(message, `${part.section}.MIME`),
      );
      pieces.push(partBytes(message, part.section), Buffer.from('\r\n'));
    }
    pieces.push(Buffer.from(`--${REBUILT_BOUNDARY}--\r\n`));
    return parseSafely(Buffer.concat(pieces), uid, receivedAt);
  }

  /** One batch: sizes first, then small messages whole (streamed, one at a time) and large ones in parts. */
  async function readBatch(client: ImapFlow, uids: number[]): Promise<InboundMail[]> {
    const sizes = new Map<number, { size: number; receivedAt: Date }>();
    for await (const message of client.fetch(
      uids,
      { uid: true, size: true, internalDate: true },
      { uid: true },
    )) {
      const received = message.internalDate ? new Date(message.internalDate) : new Date();
      sizes.set(message.uid, {
        size: message.size ?? 0,
        receivedAt: Number.isNaN(received.getTime()) ? new Date() : received,
      });
    }
    const small = uids.filter((uid) => (sizes.get(uid)?.size ?? Infinity) <= largeMessageBytes);
    const large = uids.filter((uid) => sizes.has(uid) && sizes.get(uid)!.size > largeMessageBytes);

    const mails: InboundMail[] = [];
    if (small.length > 0) {
      for await (const message of client.fetch(small, { uid: true, source: true }, { uid: true })) {
        const known = sizes.get(message.uid);
        mails.push(
          await parseSafely(message.source ?? Buffer.alloc(0), message.uid, known?.receivedAt ?? new Date()),
        );
      }
    }
    for (const uid of large) {
      const mail = await readLargeMessage(client, uid, sizes.get(uid)!.receivedAt);
      if (mail) mails.push(mail);
    }
    return mails.sort((a, b) => a.uid - b.uid);
  }

  async function* read(
    settings: MailboxSettings,
    cursor: MailboxCursor | null,
    readOptions: ReadOptions,
  ): AsyncGenerator<ReadBatch> {
    const server = settings.imap;
    const batchSize = Math.max(1, Math.floor(readOptions.batchSize ?? DEFAULT_BATCH_SIZE));
    const client = await connect(server);
    try {
      let mailbox: MailboxObject;
      let uids: number[];
      try {
        mailbox = await client.mailboxOpen('INBOX', { readOnly: true });
        const uidValidity = mailbox.uidValidity.toString();
        if (cursor && cursor.uidValidity === uidValidity) {
          const after = await searchUids(client, { uid: `${cursor.lastUid + 1}:*` });
          // "n:*" always matches the last message, even when its UID is below n.
          uids = after.filter((uid) => uid > cursor.lastUid).sort((a, b) => a - b);
        } else {
          uids = await uidsSince(client, readOptions.since);
        }
      } catch (error) {
        throw toMailboxError(error, server);
      }
      const uidValidity = mailbox.uidValidity.toString();
      const sameFolder = cursor !== null && cursor.uidValidity === uidValidity;
      // After a search by date, every UID up to the highest the folder had was either taken or
      // deliberately left (older than `since`): the cursor moves past them all.
      const highestSeen = sameFolder ? cursor.lastUid : Math.max(0, mailbox.uidNext - 1, ...uids.slice(-1));

      if (uids.length === 0) {
        if (!sameFolder)
          yield { mails: [], cursor: { uidValidity, lastUid: highestSeen }, done: 0, total: 0 };
        return;
      }
      for (let start = 0; start < uids.length; start += batchSize) {
        readOptions.signal?.throwIfAborted();
        const batch = uids.slice(start, start + batchSize);
        let mails: InboundMail[];
        try {
          mails = await readBatch(client, batch);
        } catch (error) {
          throw toMailboxError(error, server);
        }
        const last = start + batchSize >= uids.length;
        const lastUid = last ? Math.max(highestSeen, batch.at(-1)!) : batch.at(-1)!;
        yield { mails, cursor: { uidValidity, lastUid }, done: start + batch.length, total: uids.length };
      }
    } finally {
      await logout(client);
    }
  }

  return {
    async verify(settings) {
      await withSession(settings.imap, async (client) => {
        await client.mailboxOpen('INBOX', { readOnly: true });
      });
    },

    read,

    async watch(settings, handlers) {
      const server = settings.imap;
      const client = await connect(server, {
        disableAutoIdle: false,
        // Nothing else runs on this connection: IDLE can start as soon as INBOX is open.
        autoIdleDelay: 100,
        maxIdleTime: IDLE_RESTART_MS,
      });
      if (!client.capabilities.has('IDLE')) {
        await logout(client);
        return null;
      }
      try {
        await client.mailboxOpen('INBOX', { readOnly: true });
      } catch (error) {
        await logout(client);
        throw toMailboxError(error, server);
      }
      let stopping = false;
      let reported = false;
      const fail = (error: MailboxError) => {
        if (stopping || reported) return;
        reported = true;
        handlers.onError(error);
      };
      client.on('exists', (event: { count: number; prevCount: number }) => {
        if (event.count > event.prevCount) handlers.onNewMail();
      });
      client.on('error', (error: unknown) => fail(toMailboxError(error, server)));
      client.on('close', () =>
        fail(
          new MailboxError(
            'imap',
            'unreachable',
            `The mail server ${server.host}:${server.port} closed the connection.`,
          ),
        ),
      );
      return {
        async stop() {
          stopping = true;
          await logout(client);
        },
      };
    },

    async appendToSent(settings, raw) {
      return withSession(settings.imap, async (client) => {
        const sent = findSentFolder(await client.list());
        if (!sent) return false;
        const appended = await client.append(sent, raw, ['\\Seen']);
        if (!appended) {
          throw new MailboxError(
            'imap',
            'protocol',
            `The mail server refused to keep the message in ${sent}.`,
          );
        }
        return true;
      });
    },

    async sentFolderHas(settings, messageId) {
      return withSession(settings.imap, async (client) => {
        const sent = findSentFolder(await client.list());
        if (!sent) return false;
        await client.mailboxOpen(sent, { readOnly: true });
        // A refused search throws: "not there" would make the caller send the mail again.
        return (await searchUids(client, { header: { 'message-id': messageId } })).length > 0;
      });
    },
  };
}
