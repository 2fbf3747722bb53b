import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, isNull, lt, mailboxSync, messengerConnections, or } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { mailReader, mailboxSettingsOf } from './mailbox';
import { startMailboxRead } from './mailbox-sync-state';
import { allows, credentialsOf } from './messenger-connections';

/*
 * New mail as it arrives (issue 18, docs/decisions/031): a worker process keeps an IMAP
 * connection in IDLE on each connected mailbox and queues a read the moment INBOX grows. One
 * process of a cluster watches a given mailbox — it holds a lease on the mailbox's sync row,
 * renewed on every round — so a mailbox does not get one connection per process. A server
 * without IDLE, a watcher that dropped, or a process that died leave the minute's poll to
 * catch the mail.
 */

/**
 * How often the watched mailboxes are checked against the connected ones, and leases renewed:
 * a newly connected mailbox is watched within this.
 */
const ROUND_MS = 15_000;
/** A lease outlives a few missed rounds before another process takes the mailbox over. */
const LEASE_MS = 4 * ROUND_MS;

interface Watch {
  /** What the watch was started with: a changed connection (new password) restarts it. */
  version: string;
  stop(): Promise<void>;
}

export interface MailboxWatchers {
  start(): void;
  stop(): Promise<void>;
  /** One round now (tests; start() runs them on a timer). */
  round(): Promise<void>;
}

export function createMailboxWatchers(ctx: AppContext): MailboxWatchers {
  const me = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const watching = new Map<string, Watch>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function unwatch(connectionId: string) {
    const watch = watching.get(connectionId);
    watching.delete(connectionId);
    await watch?.stop().catch(() => undefined);
  }

  /** Takes or renews the lease on a mailbox; whether this process holds it. */
  async function lease(connectionId: string): Promise<boolean> {
    const now = ctx.clock.now();
    const held = await ctx.db
      .update(mailboxSync)
      .set({ watcher: me, watcherUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(mailboxSync.connectionId, connectionId),
          or(isNull(mailboxSync.watcher), eq(mailboxSync.watcher, me), lt(mailboxSync.watcherUntil, now)),
        ),
      )
      .returning({ connectionId: mailboxSync.connectionId });
    return held.length > 0;
  }

  async function watch(row: typeof messengerConnections.$inferSelect, version: string) {
    const queueRead = () => {
      void ctx.db
        .transaction((tx) => startMailboxRead(ctx, tx, row))
        .catch((error: unknown) =>
          ctx.log.warn({ err: error, connectionId: row.id }, 'could not queue a mailbox read'),
        );
    };
    const handle = await mailReader().watch(mailboxSettingsOf(credentialsOf(ctx, row)), {
      onNewMail: queueRead,
      onError: (error) => {
        ctx.log.info(
          { err: error, connectionId: row.id },
          'a mailbox watch ended; the next round restarts it',
        );
        void unwatch(row.id);
      },
    });
    if (!handle) return; // No IDLE: the poll reads this mailbox.
    if (stopped) {
      await handle.stop();
      return;
    }
    watching.set(row.id, { version, stop: () => handle.stop() });
    // Mail that came while nobody watched.
    queueRead();
  }

  async function round() {
    const rows = await ctx.db
      .select()
      .from(messengerConnections)
      .where(and(eq(messengerConnections.platform, 'email'), eq(messengerConnections.isConnected, true)));
    const wanted = new Map(
      rows
        .filter((row) => !row.isSample && allows(row, 'read_messages'))
        .map((row) => [row.id, { row, version: `${row.credentials}:${row.permissions.join(',')}` }]),
    );
    for (const [connectionId, current] of watching) {
      const still = wanted.get(connectionId);
      if (!still || still.version !== current.version) await unwatch(connectionId);
    }
    for (const [connectionId, { row, version }] of wanted) {
      if (stopped) return;
      if (!(await lease(connectionId))) {
        // Another process holds it (its lease ran on): not ours to watch.
        if (watching.has(connectionId)) await unwatch(connectionId);
        continue;
      }
      if (watching.has(connectionId)) continue;
      await watch(row, version).catch((error: unknown) =>
        ctx.log.info({ err: error, connectionId }, 'could not watch a mailbox; the poll reads it'),
      );
    }
  }

  const loop = () => {
    timer = setTimeout(() => {
      void round()
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'mailbox watch round failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, ROUND_MS);
    timer.unref();
  };

  return {
    start() {
      void round().catch((error: unknown) => ctx.log.warn({ err: error }, 'mailbox watch round failed'));
      loop();
    },
    round,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...watching.keys()].map((connectionId) => unwatch(connectionId)));
      // Leave the leases for another process at once rather than after they run out.
      await ctx.db
        .update(mailboxSync)
        .set({ watcher: null, watcherUntil: null })
        .where(eq(mailboxSync.watcher, me))
        .catch(() => undefined);
    },
  };
}
