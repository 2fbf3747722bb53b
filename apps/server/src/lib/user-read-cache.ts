import { changeTouches } from '@doppel/contracts';
import type { AppContext } from './context';

/** How long a cached read may be served when no change event arrives (a lost NOTIFY). */
export const USER_READ_CACHE_TTL_MS = 30_000;
const MAX_KEYS_PER_USER = 200;
const MAX_USERS = 2_000;

interface UserEntries {
  staleAt: number;
  /** Least recently added first. */
  reads: Map<string, Promise<unknown>>;
}

/**
 * Answers of a user's reads (list pages, figures) kept in memory until anything they are made
 * of changes. The database's triggers send a change event when such a change commits, from
 * whatever code made it and in whichever process; a write's request or job waits until its own
 * events have arrived (ChangeFeed.caughtUp), so its next read already sees the change. The TTL only bounds
 * how long a lost notice can leave an answer stale. See docs/decisions/008 and 019.
 */
export class UserReadCache {
  /** Least recently used first. */
  private readonly users = new Map<string, UserEntries>();

  constructor(private readonly ttlMs = USER_READ_CACHE_TTL_MS) {}

  get<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entriesOf(userId);
    const cached = entries.reads.get(key);
    if (cached) return cached as Promise<T>;
    const read = load();
    entries.reads.set(key, read);
    if (entries.reads.size > MAX_KEYS_PER_USER) entries.reads.delete(entries.reads.keys().next().value!);
    // A failed read (a 404 for someone else's campaign, a database error) is not remembered.
    read.catch(() => {
      if (entries.reads.get(key) === read) entries.reads.delete(key);
    });
    return read;
  }

  /** Drops every cached read of the user. */
  forget(userId: string): void {
    this.users.delete(userId);
  }

  /** Drops everything (changes may have been missed). */
  forgetAll(): void {
    this.users.clear();
  }

  private entriesOf(userId: string): UserEntries {
    const now = performance.now();
    let entries = this.users.get(userId);
    if (entries && entries.staleAt > now) {
      this.users.delete(userId);
      this.users.set(userId, entries);
      return entries;
    }
    entries = { staleAt: now + this.ttlMs, reads: new Map() };
    this.users.set(userId, entries);
    if (this.users.size > MAX_USERS) this.users.delete(this.users.keys().next().value!);
    return entries;
  }
}

const byContext = new WeakMap<AppContext, Map<string, UserReadCache>>();

/**
 * The app's cache for reads under one query-key root ('campaigns'): the change feed drops a
 * user's entries whenever a change names that root (packages/contracts change-feed.ts).
 */
export function userReadCacheFor(ctx: AppContext, root: string): UserReadCache {
  let caches = byContext.get(ctx);
  if (!caches) {
    caches = new Map<string, UserReadCache>();
    byContext.set(ctx, caches);
  }
  let cache = caches.get(root);
  if (!cache) {
    const created = new UserReadCache();
    ctx.events.onAnyChange((userId, event) => {
      if (changeTouches(event.type, root)) created.forget(userId);
    });
    ctx.events.onResync(() => created.forgetAll());
    caches.set(root, created);
    cache = created;
  }
  return cache;
}
