import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  chownSync,
  closeSync,
  existsSync,
  futimesSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import type { MailServer } from '../integrations/email/mailbox';
import { freePort } from './free-port';
import type { SelfSignedCertificate } from './self-signed-certificate';

/*
 * A real Dovecot IMAP server for tests and benchmarks, configured entirely inside a temporary
 * folder: its own dovecot.conf (`dovecot -F -c`), runtime and state folders, log file, a
 * passwd-file of users with plain passwords, and Maildirs. It listens on 127.0.0.1 only, on a free
 * port, without TLS unless given a certificate (then STARTTLS, required before signing in). Nothing system-wide is read or changed; the Debian package only has to be
 * installed (/usr/sbin/dovecot; .ci/run installs dovecot-imapd).
 *
 * Dovecot refuses to run its login processes and mail access as root ("This process must not be
 * run as root", "Mail access not allowed for root"). Started by root, the master stays root (it
 * has to, to switch users and chroot the login process) and every other process runs as
 * `nobody`, which owns the Maildirs. Started by anyone else, everything runs as that user: no
 * chroot, no user switching.
 */

const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const DOVEADM = process.env.DOVEADM_PATH ?? '/usr/bin/doveadm';
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 3_000;

export interface DovecotUserSpec {
  name: string;
  password: string;
  /**
   * The sent folder the user starts with: "Sent" (marked \Sent by the configuration, the
   * default), another name without a special-use mark (e.g. "Sent Items"), or none.
   */
  sentFolder?: string | null;
}

export interface DovecotUser {
  name: string;
  password: string;
}

/** One message written straight into a Maildir. */
export interface MaildirMessage {
  raw: Buffer | string;
  /** The IMAP INTERNALDATE (what SEARCH SINCE looks at): the file's modification time. */
  receivedAt: Date;
  seen?: boolean;
}

export interface TestDovecot {
  host: string;
  port: number;
  users: DovecotUser[];
  /** The `imap` side of MailboxSettings for a user (no TLS: the server speaks plain IMAP). */
  settingsFor(user: DovecotUser | string): MailServer;
  /**
   * Writes messages straight into a folder's Maildir (`cur/`, through `tmp/` as Maildir asks),
   * the received date set as the file time: thousands a second. Dovecot gives them UIDs in the
   * order written the next time a session looks at the folder. Returns how many were written.
   */
  writeMessages(user: DovecotUser | string, folder: string, messages: Iterable<MaildirMessage>): number;
  /** IMAP APPEND through another connection, as a delivery would; returns the new UID. */
  append(
    user: DovecotUser | string,
    raw: Buffer | string,
    options?: { folder?: string; seen?: boolean; receivedAt?: Date },
  ): Promise<number>;
  /** UIDs and Message-IDs of a folder, through IMAP (for checking what the code under test did). */
  listMessages(
    user: DovecotUser | string,
    folder: string,
  ): Promise<Array<{ uid: number; messageId: string | null; seen: boolean }>>;
  /** Gives a folder a new UIDVALIDITY (doveadm mailbox update), as a server rebuilding it would. */
  changeUidValidity(user: DovecotUser | string, folder?: string): Promise<number>;
  /** The Dovecot log so far (logins, logouts with byte counts, errors). */
  log(): Promise<string>;
  /** Stops Dovecot and removes its folder. */
  stop(): Promise<void>;
}

interface Identity {
  /** The master process: root, or the current user. */
  runAsRoot: boolean;
  /** Who every non-master process and the mail runs as. */
  user: string;
  group: string;
  uid: number;
  gid: number;
}

function passwdEntry(name: string): { uid: number; gid: number } | null {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const fields = line.split(':');
    if (fields[0] === name) return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  return null;
}

function groupName(gid: number): string | null {
  for (const line of readFileSync('/etc/group', 'utf8').split('\n')) {
    const fields = line.split(':');
    if (Number(fields[2]) === gid && fields[0]) return fields[0];
  }
  return null;
}

function identity(): Identity {
  const me = os.userInfo();
  if (me.uid === 0) {
    const nobody = passwdEntry('nobody');
    const group = nobody && groupName(nobody.gid);
    if (!nobody || !group) {
      throw new Error('Dovecot started as root runs its processes as "nobody", and this system has none.');
    }
    return { runAsRoot: true, user: 'nobody', group, uid: nobody.uid, gid: nobody.gid };
  }
  const group = groupName(me.gid);
  if (!group) throw new Error(`Dovecot needs a group name for gid ${me.gid}; /etc/group has none.`);
  return { runAsRoot: false, user: me.username, group, uid: me.uid, gid: me.gid };
}

function configuration(folder: string, port: number, who: Identity, tls: boolean): string {
  // Without root there is nothing to chroot into and no other user to switch to.
  const noChroot = who.runAsRoot ? '' : '  chroot =\n';
  return `# Written by apps/server/src/test-support/dovecot.ts for one test run.
instance_name = doppel-test-${path.basename(folder)}
base_dir = ${folder}/run
state_dir = ${folder}/state
log_path = ${folder}/dovecot.log
info_log_path = ${folder}/dovecot.log
protocols = imap
listen = 127.0.0.1
${
  tls
    ? // STARTTLS on the IMAP port, and no sign-in before it: a client that does not upgrade fails.
      `ssl = required
ssl_cert = <${folder}/tls-cert.pem
ssl_key = <${folder}/tls-key.pem
disable_plaintext_auth = yes`
    : `ssl = no
disable_plaintext_auth = no`
}
auth_mechanisms = plain login
# Tests try wrong passwords on purpose; production servers wait 2 s.
auth_failure_delay = 0
default_internal_user = ${who.user}
default_internal_group = ${who.group}
default_login_user = ${who.user}
first_valid_uid = ${who.uid}
first_valid_gid = ${who.gid}
mail_location = maildir:~
mail_fsync = never
# IDLE reports new mail within a second even where inotify is missing.
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${folder}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${folder}/users
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
  }
  mailbox Drafts {
    special_use = \\Drafts
  }
  mailbox Trash {
    special_use = \\Trash
  }
}
service imap-login {
${noChroot}  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
${noChroot}  # No growing delay for 127.0.0.1 after the tests' wrong passwords (Dovecot's auth penalty).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap {
  # Each test may hold a few sessions open at once (a watcher, a reader, a delivery).
  process_limit = 100
}
`;
}

/*
 * Dovecot runs under a small shell that ties it to this process: the shell's stdin is a pipe from
 * us, and when it closes (this process ended, even by SIGKILL, without stop()) the whole server
 * goes and its folder is removed. The shell ignores SIGTERM so that, on stop(), it outlives the
 * master and reaps it (in a container nothing else may).
 *   $0 dovecot binary, $1 dovecot.conf, $2 the server's folder
 */
const SUPERVISOR = `
exec 3<&0 </dev/null
"$0" -F -c "$1" &
dovecot=$!
(read -r _ <&3; : > "$2/orphaned"; kill -TERM 0) &
watcher=$!
exec 3<&-
trap '' TERM
wait "$dovecot"
status=$?
kill -KILL "$watcher" 2>/dev/null
wait "$watcher" 2>/dev/null
if [ -e "$2/orphaned" ]; then rm -rf "$2"; fi
exit "$status"
`;

/** Whether an IMAP greeting arrives on the port. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString('latin1').startsWith('* OK')));
  });
}

/**
 * Where the server's folder goes: memory (/dev/shm) where there is one, since tests write tens of
 * thousands of small files and a shared disk makes that take seconds instead of one.
 */
function temporaryRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts Dovecot with the given users (default: alice and bob) and waits until it greets. */
export async function startDovecot(
  options: {
    users?: DovecotUserSpec[];
    /** Offer STARTTLS with this certificate and refuse to sign in before it. */
    tls?: SelfSignedCertificate;
  } = {},
): Promise<TestDovecot> {
  if (!existsSync(DOVECOT)) {
    throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does).`);
  }
  const specs = options.users ?? [
    { name: 'alice', password: `alice-${randomBytes(6).toString('hex')}` },
    { name: 'bob', password: `bob-${randomBytes(6).toString('hex')}` },
  ];
  for (const spec of specs) {
    if (!/^[a-z0-9._-]+$/i.test(spec.name) || /[:\n]/.test(spec.password)) {
      throw new Error(`Unusable test mailbox user ${JSON.stringify(spec.name)}.`);
    }
  }
  const who = identity();
  const folder = await mkdtemp(path.join(temporaryRoot(), 'doppel-dovecot-'));
  // The processes running as nobody have to reach the Maildirs and the passwd-file inside.
  chmodSync(folder, 0o755);
  const own = (target: string) => {
    if (who.runAsRoot) chownSync(target, who.uid, who.gid);
  };
  /** Creates the folder and any missing parent below the temporary folder, owned by the mail user. */
  const makeFolder = (target: string) => {
    if (existsSync(target)) return;
    makeFolder(path.dirname(target));
    mkdirSync(target);
    own(target);
  };
  for (const sub of ['run', 'state']) mkdirSync(path.join(folder, sub));
  makeFolder(path.join(folder, 'mail'));

  const home = (name: string) => path.join(folder, 'mail', name);
  /** Maildir++: INBOX is the home folder itself, "Sent Items" is `.Sent Items`. */
  const maildir = (name: string, mailbox: string) =>
    mailbox.toUpperCase() === 'INBOX'
      ? home(name)
      : path.join(home(name), `.${mailbox.replaceAll('/', '.')}`);
  const makeMaildir = (name: string, mailbox: string) => {
    const root = maildir(name, mailbox);
    for (const sub of ['cur', 'new', 'tmp']) makeFolder(path.join(root, sub));
    return root;
  };

  const users: DovecotUser[] = [];
  const passwd: string[] = [];
  for (const spec of specs) {
    users.push({ name: spec.name, password: spec.password });
    passwd.push(`${spec.name}:{PLAIN}${spec.password}:${who.uid}:${who.gid}::${home(spec.name)}::`);
    makeMaildir(spec.name, 'INBOX');
    const sent = spec.sentFolder === undefined ? 'Sent' : spec.sentFolder;
    if (sent) makeMaildir(spec.name, sent);
  }
  await writeFile(path.join(folder, 'users'), `${passwd.join('\n')}\n`, { mode: 0o644 });

  const port = await freePort();
  const conf = path.join(folder, 'dovecot.conf');
  if (options.tls) {
    await writeFile(path.join(folder, 'tls-cert.pem'), options.tls.cert, { mode: 0o644 });
    await writeFile(path.join(folder, 'tls-key.pem'), options.tls.key, { mode: 0o600 });
  }
  await writeFile(conf, configuration(folder, port, who, Boolean(options.tls)), { mode: 0o644 });
  const logFile = path.join(folder, 'dovecot.log');
  const readLog = () => readFile(logFile, 'utf8').catch(() => '');

  const child = spawn('/bin/sh', ['-c', SUPERVISOR, DOVECOT, conf, folder], {
    stdio: ['pipe', 'ignore', 'pipe'],
    // Its own process group, so stop() can signal every process of this server at once.
    detached: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let spawnError: Error | null = null;
  child.once('error', (error) => (spawnError = error));
  /*
   * Stopping sends SIGTERM to the whole group: every Dovecot process ends at once and the master
   * reaps them (a SIGTERM to the master alone makes it wait about a second for its children),
   * then the supervising shell, which ignores it, reaps the master and exits.
   */
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const cleanUpOnExit = () => {
    signalGroup('SIGTERM');
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // The supervisor removes what is left.
    }
  };
  process.once('exit', cleanUpOnExit);

  const stop = async () => {
    process.off('exit', cleanUpOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup('SIGTERM');
      const stubborn = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(stubborn);
    }
    await rm(folder, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      const log = await readLog();
      await stop();
      throw new Error(
        `Dovecot did not start (${spawnError ? String(spawnError) : `exit ${child.exitCode ?? child.signalCode}`}).\n` +
          `stderr:\n${stderr}\nlog:\n${log}`,
      );
    }
    if (await greets(port)) break;
    if (Date.now() - started > START_TIMEOUT_MS) {
      const log = await readLog();
      await stop();
      throw new Error(
        `Dovecot did not greet on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms.\nstderr:\n${stderr}\nlog:\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // Started: nothing of the server keeps this process alive (a forgotten stop() ends it with us).
  // (Its pipes are sockets: they have unref, which the stream types do not show.)
  child.unref();
  for (const pipe of [child.stdin, child.stderr]) (pipe as unknown as { unref?: () => void }).unref?.();

  const find = (user: DovecotUser | string): DovecotUser => {
    const name = typeof user === 'string' ? user : user.name;
    const found = users.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`No test mailbox user ${name}.`);
    return found;
  };
  const settingsFor = (user: DovecotUser | string): MailServer => {
    const found = find(user);
    return { host: '127.0.0.1', port, secure: false, user: found.name, password: found.password };
  };
  const connect = async (user: DovecotUser | string) => {
    const settings = settingsFor(user);
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: false,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      disableAutoIdle: true,
      ...(options.tls ? { tls: { ca: [options.tls.cert] } } : {}),
    });
    await client.connect();
    return client;
  };

  let written = 0;
  const namingSeconds = Math.floor(Date.now() / 1000);
  const hostname = 'doppel-test';
  return {
    host: '127.0.0.1',
    port,
    users,
    settingsFor,
    writeMessages(user, mailbox, messages) {
      const name = find(user).name;
      const root = existsSync(path.join(maildir(name, mailbox), 'cur'))
        ? maildir(name, mailbox)
        : makeMaildir(name, mailbox);
      let count = 0;
      for (const message of messages) {
        // Maildir stores LF or CRLF; CRLF makes the file size the IMAP size (S= and W= agree).
        const text = typeof message.raw === 'string' ? Buffer.from(message.raw, 'utf8') : message.raw;
        const raw = Buffer.from(text.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
        written += 1;
        // Dovecot numbers new files in the order of their names (time, then the M number), not
        // of their dates: one time for all keeps the order written.
        const base = `${namingSeconds}.M${written}P${process.pid}.${hostname},S=${raw.length},W=${raw.length}`;
        const temporary = path.join(root, 'tmp', base);
        const fd = openSync(temporary, 'w', 0o600);
        try {
          writeSync(fd, raw);
          futimesSync(fd, message.receivedAt, message.receivedAt);
          if (who.runAsRoot) chownSync(temporary, who.uid, who.gid);
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, path.join(root, 'cur', `${base}:2,${message.seen ? 'S' : ''}`));
        count += 1;
      }
      return count;
    },
    async append(user, raw, appendOptions = {}) {
      const client = await connect(user);
      try {
        const appended = await client.append(
          appendOptions.folder ?? 'INBOX',
          raw,
          appendOptions.seen ? ['\\Seen'] : [],
          appendOptions.receivedAt,
        );
        if (!appended || appended.uid === undefined)
          throw new Error('Dovecot did not report the appended UID.');
        return appended.uid;
      } finally {
        await client.logout();
      }
    },
    async listMessages(user, mailbox) {
      const client = await connect(user);
      try {
        await client.mailboxOpen(mailbox, { readOnly: true });
        const found: Array<{ uid: number; messageId: string | null; seen: boolean }> = [];
        for await (const message of client.fetch('1:*', { uid: true, flags: true, envelope: true })) {
          found.push({
            uid: message.uid,
            messageId: message.envelope?.messageId ?? null,
            seen: message.flags?.has('\\Seen') ?? false,
          });
        }
        return found;
      } finally {
        await client.logout();
      }
    },
    async changeUidValidity(user, mailbox = 'INBOX') {
      const name = find(user).name;
      const client = await connect(user);
      let current: bigint;
      try {
        current = (await client.mailboxOpen(mailbox, { readOnly: true })).uidValidity;
      } finally {
        await client.logout();
      }
      const next = Number(current) + 1000;
      await promisify(execFile)(DOVEADM, [
        '-c',
        conf,
        'mailbox',
        'update',
        '-u',
        name,
        '--uid-validity',
        String(next),
        mailbox,
      ]);
      return next;
    },
    log: readLog,
    stop,
  };
}
