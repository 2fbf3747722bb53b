import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { isChangeEvent, type ChangeEvent } from '@doppel/contracts';
import type { Database } from '@doppel/db';
import type { FastifyBaseLogger } from 'fastify';

/** The channel the database's change triggers notify on (migration 0014_one_change_feed). */
const CHANNEL = 'doppel_user_events';
/** How long caughtUp() waits for its own marker before it gives up on the listener. */
const CATCH_UP_TIMEOUT_MS = 2_000;

/**
 * The one change feed (docs/decisions/022): every committed write to a user's data reaches
 * every server process as a ChangeEvent, because the database's triggers send it — no code
 * announces a change by hand. Caches listen to all users' changes, the /events stream to one
 * user's.
 */
export interface ChangeFeed {
  /** Calls `listener` for each change of the user's data, committed by any process. */
  subscribe(userId: string, listener: (event: ChangeEvent) => void): () => void;
  /** Calls `listener` for every change of every user (the server's caches). */
  onAnyChange(listener: (userId: string, event: ChangeEvent) => void): () => void;
  /**
   * Resolves once every change committed before the call has reached this process's listeners,
   * so a write's own cached reads are gone before its answer leaves (read-your-writes). It
   * sends a marker down the same channel: notices arrive in commit order, so the marker's
   * arrival means everything before it has arrived. Should the listener be down, every cache
   * is dropped instead (onResync).
   */
  caughtUp(): Promise<void>;
  /**
   * Called when cached reads may be stale: caches drop everything they hold. `cause` says why:
   * 'reconnected' — the listener was down and is back, so changes were missed (open /events
   * streams tell their tabs to refetch everything); 'unconfirmed' — a write's own changes could
   * not be confirmed to have arrived (caughtUp), so this process's caches are dropped.
   */
  onResync(listener: (cause: ResyncCause) => void): () => void;
  close(): Promise<void>;
}

export type ResyncCause = 'reconnected' | 'unconfirmed';

interface Notice {
  userId?: unknown;
  event?: unknown;
  marker?: unknown;
}

export async function createChangeFeed(database: Database, log: FastifyBaseLogger): Promise<ChangeFeed> {
  const perUser = new EventEmitter();
  // One listener per open tab; the default warning at 10 would fire for a busy user.
  perUser.setMaxListeners(0);
  const everyChange = new Set<(userId: string, event: ChangeEvent) => void>();
  const resyncListeners = new Set<(cause: ResyncCause) => void>();
  /** caughtUp() calls waiting for their marker: true when it arrived, false when it never will. */
  const markers = new Map<string, (arrived: boolean) => void>();
  /** False while the listening connection is down (PostgreSQL: dropped, reconnecting). */
  let listening = true;

  const deliver = (userId: string, event: ChangeEvent) => {
    for (const listener of everyChange) {
      try {
        listener(userId, event);
      } catch (error) {
        log.error({ err: error }, 'a change listener failed');
      }
    }
    perUser.emit(userId, event);
  };

  const resync = (cause: ResyncCause) => {
    for (const listener of resyncListeners) {
      try {
        listener(cause);
      } catch (error) {
        log.error({ err: error }, 'a resync listener failed');
      }
    }
  };

  const stopListening = await database.listen(
    CHANNEL,
    (payload) => {
      let notice: Notice;
      try {
        notice = JSON.parse(payload) as Notice;
      } catch {
        return; // Not one of ours; never let it break the listener.
      }
      if (typeof notice.marker === 'string') {
        markers.get(notice.marker)?.(true);
        return;
      }
      if (typeof notice.userId === 'string' && isChangeEvent(notice.event))
        deliver(notice.userId, notice.event);
    },
    {
      // Changes committed from now on do not reach this process: nothing cached can be trusted,
      // and no marker will come back, so the writes waiting for theirs need not wait.
      onLost(error) {
        listening = false;
        log.warn(
          { err: { message: error.message } },
          'the change feed lost its database connection; reconnecting',
        );
        for (const settle of markers.values()) settle(false);
        resync('unconfirmed');
      },
      // Whatever changed while it was down was missed: caches and open tabs start afresh.
      onRestored() {
        listening = true;
        log.info('the change feed is listening again');
        resync('reconnected');
      },
    },
  );

  return {
    subscribe(userId, listener) {
      perUser.on(userId, listener);
      return () => perUser.off(userId, listener);
    },
    onAnyChange(listener) {
      everyChange.add(listener);
      return () => everyChange.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async caughtUp() {
      // The listener is reconnecting: no marker would come back. Dropping the caches is what
      // the wait would end in anyway, and the request need not hang for it.
      if (!listening) return resync('unconfirmed');
      const marker = randomUUID();
      const arrived = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), CATCH_UP_TIMEOUT_MS);
        timer.unref();
        markers.set(marker, (came) => {
          clearTimeout(timer);
          resolve(came);
        });
      });
      try {
        await database.notify(CHANNEL, JSON.stringify({ marker }));
        if (!(await arrived)) {
          log.warn('the change feed did not confirm in time; dropping every cached read');
          resync('unconfirmed');
        }
      } catch (error) {
        log.warn(
          { err: { message: (error as Error).message } },
          'could not reach the change feed; dropping every cached read',
        );
        resync('unconfirmed');
      } finally {
        markers.delete(marker);
      }
    },
    close: () => stopListening(),
  };
}
