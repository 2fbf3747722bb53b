import { EventEmitter } from 'node:events';
import type { UserEvent } from '@doppel/contracts';
import type { Database } from '@doppel/db';

const CHANNEL = 'doppel_user_events';

export interface UserEvents {
  /** Tells every open tab of the user, on any server process; call after the change committed. */
  publish(userId: string, event: UserEvent): Promise<void>;
  subscribe(userId: string, listener: (event: UserEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * Live updates through the database's NOTIFY/LISTEN, so they reach tabs connected to any
 * server process without a message broker (ARCHITECTURE.md §1); each process fans out locally.
 */
export async function createUserEvents(database: Database): Promise<UserEvents> {
  const local = new EventEmitter();
  // One listener per open tab; the default warning at 10 would fire for a busy user.
  local.setMaxListeners(0);
  const stopListening = await database.listen(CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: UserEvent };
      local.emit(userId, event);
    } catch {
      // A malformed payload cannot come from us; ignore it rather than crash the listener.
    }
  });
  return {
    publish: (userId, event) => database.notify(CHANNEL, JSON.stringify({ userId, event })),
    subscribe(userId, listener) {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
    close: () => stopListening(),
  };
}
