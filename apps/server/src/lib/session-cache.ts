import { performance } from 'node:perf_hooks';
import { decodeJwt } from 'jose';
import type { AppContext } from './context';

/** How long a process trusts a session check without asking the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export interface SessionCheck<Auth> {
  auth: Auth;
  /** Clock time (ms) from which the check no longer holds: the token, session or demo ends. */
  validUntil: number;
}

type Target = { userId: string } | { sessionId: string };

interface Entry<Auth> {
  userId: string;
  sessionId: string;
  /** performance.now() after which the entry is dropped, whatever it says. */
  staleAt: number;
  check: Promise<SessionCheck<Auth>>;
}

/**
 * Remembers, per access token, that its session was live, so most requests skip the JWT
 * signature and the session query (docs/decisions/008-task-list-caching.md). An entry is
 * dropped when a change event says the user's sessions changed (any process), when this
 * process revokes a session, when the token, session or demo ends by the clock, and after
 * SESSION_CACHE_TTL_MS in any case.
 */
export class SessionCache<Auth> {
  private readonly entries = new Map<string, Entry<Auth>>();
  /** Users and sessions being revoked: checked against the database, not remembered, for a while. */
  private readonly holds = new Map<string, number>();

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  async authenticate(token: string, now: Date, check: () => Promise<SessionCheck<Auth>>): Promise<Auth> {
    const entry = this.entries.get(token);
    if (entry) {
      if (entry.staleAt > performance.now()) {
        const result = await entry.check;
        if (now.getTime() < result.validUntil) return result.auth;
      }
      if (this.entries.get(token) === entry) this.entries.delete(token);
    }
    return (await this.start(token, check)).auth;
  }

  /** Drops what is remembered for a user or session; `hold` also stops remembering it for a TTL. */
  forget(target: Target, hold: boolean): void {
    const userId = 'userId' in target ? target.userId : undefined;
    const sessionId = 'sessionId' in target ? target.sessionId : undefined;
    for (const [token, entry] of this.entries) {
      if (entry.userId === userId || entry.sessionId === sessionId) this.entries.delete(token);
    }
    if (!hold) return;
    const now = performance.now();
    for (const [key, until] of this.holds) if (until <= now) this.holds.delete(key);
    this.holds.set(userId ? `u:${userId}` : `s:${sessionId}`, now + this.ttlMs);
  }

  /** Drops everything remembered (changes may have been missed). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private start(token: string, check: () => Promise<SessionCheck<Auth>>): Promise<SessionCheck<Auth>> {
    // The unverified claims only index the entry; `check` verifies the token itself.
    const claims = unverifiedClaims(token);
    if (!claims || this.isHeld(claims.userId, claims.sessionId)) return check();
    // Concurrent requests with one token share one check.
    const entry: Entry<Auth> = { ...claims, staleAt: performance.now() + this.ttlMs, check: check() };
    this.entries.set(token, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    entry.check.catch(() => {
      if (this.entries.get(token) === entry) this.entries.delete(token);
    });
    return entry.check;
  }

  private isHeld(userId: string, sessionId: string): boolean {
    const now = performance.now();
    return (this.holds.get(`u:${userId}`) ?? 0) > now || (this.holds.get(`s:${sessionId}`) ?? 0) > now;
  }
}

function unverifiedClaims(token: string): { userId: string; sessionId: string } | undefined {
  try {
    const { sub, sid } = decodeJwt(token);
    return typeof sub === 'string' && typeof sid === 'string' ? { userId: sub, sessionId: sid } : undefined;
  } catch {
    return undefined;
  }
}

const byContext = new WeakMap<AppContext, SessionCache<unknown>>();
/** Every session cache of this process (one per app; tests build several). */
const everyCache = new Set<WeakRef<SessionCache<unknown>>>();

/** The app's session cache, listening to the change feed from the first use on. */
export function sessionCacheFor<Auth>(ctx: AppContext): SessionCache<Auth> {
  let cache = byContext.get(ctx);
  if (!cache) {
    const created = new SessionCache<unknown>();
    ctx.events.onAnyChange((userId, event) => {
      if (event.type === 'session.changed') created.forget({ userId }, false);
    });
    ctx.events.onResync(() => created.clear());
    byContext.set(ctx, created);
    everyCache.add(new WeakRef(created));
    cache = created;
  }
  return cache as SessionCache<Auth>;
}

/**
 * Call where this process revokes a session or all of a user's sessions, inside or after the
 * transaction. The old token stops working here at once; until the revocation commits (and its
 * change event arrives) the user or session is checked against the database every time.
 */
export function forgetSessions(target: Target): void {
  for (const ref of everyCache) {
    const cache = ref.deref();
    if (cache) cache.forget(target, true);
    else everyCache.delete(ref);
  }
}
