import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AnyRoute,
  pathOf,
  REFRESH_AHEAD_SECONDS,
  REFRESH_RETRY_BASE_MS,
  routes,
  type Session,
  type User,
} from '@doppel/contracts';
import { ApiError, apiErrorFromResponse, isAbortError, networkError } from './api-error';

/**
 * Auth events. MFA_VERIFIED ("multi-factor verified") follows SIGNED_IN when the sign-in went
 * through the authenticator-code step (docs/decisions/042); other tabs hear SIGNED_IN only.
 */
export type AuthEvent =
  'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'PASSWORD_RECOVERY' | 'USER_UPDATED' | 'MFA_VERIFIED';
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SessionState {
  status: AuthStatus;
  session: Session | null;
  /** True while refreshing keeps failing for a transient reason (offline, server restarting). */
  reconnecting: boolean;
}

export type AuthEventListener = (event: AuthEvent, session: Session | null) => void;

/** The part of BroadcastChannel we use; tests may pass their own. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The part of the Web Locks API we use. */
export interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionManagerOptions {
  /** Prefix for API paths; empty for same-origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** `null` disables cross-tab locking; default `navigator.locks` when present. */
  locks?: LockManagerLike | null;
  /** `null` disables cross-tab sync; default a BroadcastChannel named `doppel-auth`. */
  channel?: BroadcastChannelLike | null;
  /** Where the demo flag lives; default localStorage. */
  storage?: KeyValueStorage | null;
  /** Upper bound of the refresh back-off. */
  retryCapMs?: number;
  /** How long sign-out waits for another tab's refresh before going ahead. */
  lockTimeoutMs?: number;
  isOnline?: () => boolean;
}

export const AUTH_CHANNEL_NAME = 'doppel-auth';
export const AUTH_LOCK_NAME = 'doppel-auth-refresh';
/** localStorage key that marks this browser as being in demo mode. */
export const DEMO_FLAG_KEY = 'doppel.demo';
const DEFAULT_RETRY_CAP_MS = 30_000;
const DEFAULT_LOCK_TIMEOUT_MS = 3_000;
/** Never schedule refreshes closer together than this, whatever the server says about expiry. */
const MIN_REFRESH_DELAY_MS = 1_000;
/** Extra wait (plus up to as much again, at random) before a tab refreshes a session another tab gave it. */
const FOLLOWER_DELAY_MS = 2_000;

type ChannelMessage = { type: 'session'; event: AuthEvent; session: Session } | { type: 'signed-out' };

function isChannelMessage(value: unknown): value is ChannelMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'signed-out' || (type === 'session' && isSession((value as { session?: unknown }).session));
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.accessToken === 'string' &&
    typeof candidate.expiresAt === 'string' &&
    typeof candidate.user === 'object' &&
    candidate.user !== null &&
    typeof candidate.user.id === 'string'
  );
}

function defaultLocks(): LockManagerLike | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as { locks?: unknown }).locks : undefined;
  return locks ? (locks as LockManagerLike) : null;
}

function defaultChannel(): BroadcastChannelLike | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL_NAME) : null;
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return null;
  }
}

/**
 * Owns the signed-in session of this tab.
 *
 * The access token lives only in memory; the refresh token is the server's httpOnly cookie, so
 * the one way to get a session back after a reload is `POST /api/auth/refresh`. The server rotates
 * that cookie on every use and revokes the whole session family when an old one comes back, so
 * refreshes are serialized across tabs with a Web Lock, and every tab hears about new sessions
 * over a BroadcastChannel instead of refreshing on its own.
 */
export class SessionManager {
  private state: SessionState = { status: 'loading', session: null, reconnecting: false };
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<AuthEventListener>();
  private readonly wakers = new Set<() => void>();
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly locks: LockManagerLike | null;
  private readonly channel: BroadcastChannelLike | null;
  private readonly storage: KeyValueStorage | null;
  private readonly retryCapMs: number;
  private readonly lockTimeoutMs: number;
  private readonly isOnline: () => boolean;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private inflight: Promise<Session | null> | null = null;
  private initializing: Promise<void> | null = null;
  /** Bumped on every change of session, whether made here or received from another tab. */
  private version = 0;
  /** Bumped when the user acts (sign-in, sign-out) so an older refresh loop stops applying results. */
  private epoch = 0;
  private disposed = false;

  constructor(options: SessionManagerOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    this.channel = options.channel === undefined ? defaultChannel() : options.channel;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.retryCapMs = options.retryCapMs ?? DEFAULT_RETRY_CAP_MS;
    this.lockTimeoutMs = options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
    this.isOnline =
      options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
    this.channel?.addEventListener('message', this.handleMessage);
  }

  // ── reading ────────────────────────────────────────────────────────────────

  /** Current state; a stable object between changes (for useSyncExternalStore). */
  getState = (): SessionState => this.state;

  /** Listen to any state change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Listen to auth events (sign-in, MFA verified, sign-out, refresh, recovery, user updated). */
  onAuthStateChange(listener: AuthEventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  get session(): Session | null {
    return this.state.session;
  }

  get accessToken(): string | null {
    return this.state.session?.accessToken ?? null;
  }

  // ── lifecycle ──────────────────────────────────────────────────────────────

  /** Restores the session from the refresh cookie, once per page load. */
  initialize(): Promise<void> {
    this.initializing ??= (async () => {
      if (this.state.status !== 'loading') return;
      await this.refresh();
    })();
    return this.initializing;
  }

  /**
   * Gets a new access token with the refresh cookie. Concurrent callers share one request; the
   * promise resolves with the new session, or null when the session is gone (then listeners
   * have been told SIGNED_OUT). Transient failures are retried with back-off until one of those.
   */
  refresh(): Promise<Session | null> {
    if (this.disposed) return Promise.resolve(null);
    this.inflight ??= this.runRefresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * Makes `obtain` (sign-in, demo entry) exclusive with other tabs' refreshes and adopts its
   * session. A sign-in that stops short of one (the code step of MFA) answers something else,
   * which is returned as it is.
   */
  async signIn<T extends object = never>(obtain: () => Promise<Session | T>): Promise<Session | T> {
    const answer = await this.withLock(obtain, this.lockTimeoutMs);
    if (isSession(answer)) this.adopt(answer);
    return answer;
  }

  /** The code step of a sign-in with MFA: adopts its session, then tells listeners MFA_VERIFIED. */
  async verifyMfa(obtain: () => Promise<Session>): Promise<Session> {
    const session = await this.signIn(obtain);
    this.emit('MFA_VERIFIED', session);
    return session;
  }

  /** Adopts a session obtained elsewhere and tells the other tabs. */
  adopt(session: Session): void {
    this.epoch++;
    this.wakeAll();
    this.applySession(session, 'SIGNED_IN', true);
  }

  /** Replaces the user of the current session after a profile change. */
  updateUser(user: User): void {
    const current = this.state.session;
    if (!current || current.user.id !== user.id) return;
    this.applySession({ ...current, user }, 'USER_UPDATED', true);
  }

  /** The password-reset page calls this when opened from a recovery link. */
  notifyPasswordRecovery(): void {
    this.emit('PASSWORD_RECOVERY', this.state.session);
  }

  /**
   * Revokes the session on the server and forgets it here and in every other tab. The local
   * session is cleared even when the server cannot be reached: the user asked to leave.
   */
  async signOut(): Promise<void> {
    const token = this.accessToken;
    this.epoch++;
    this.wakeAll();
    clearTimeout(this.refreshTimer);
    this.removeDemoFlag();
    try {
      // Under the lock, so a refresh in another tab cannot re-issue a cookie after we cleared it.
      await this.withLock(async () => {
        const response = await this.post(routes.auth.signOut, token);
        await response.body?.cancel();
      }, this.lockTimeoutMs);
    } catch {
      // Nothing useful to tell the user; the local session goes either way.
    }
    this.clearSession(true);
  }

  /** Stops timers, retries and cross-tab listening (tests, hot reload). */
  dispose(): void {
    this.disposed = true;
    this.wakeAll();
    clearTimeout(this.refreshTimer);
    this.channel?.removeEventListener('message', this.handleMessage);
    this.channel?.close();
    this.stateListeners.clear();
    this.eventListeners.clear();
  }

  // ── refresh internals ──────────────────────────────────────────────────────

  private async runRefresh(): Promise<Session | null> {
    const versionAtStart = this.version;
    const epochAtStart = this.epoch;
    return this.withLock(async () => {
      if (this.version !== versionAtStart) {
        // Another tab refreshed, signed in or signed out while we waited for the lock and told us
        // so; its result is ours too, and asking again would only rotate the cookie once more.
        const current = this.state.session;
        if (current && !this.isExpiring(current)) return current;
        if (!current && this.state.status === 'signedOut') return null;
      }
      return this.refreshLoop(epochAtStart);
    });
  }

  private async refreshLoop(epoch: number): Promise<Session | null> {
    for (let attempt = 0; ; attempt++) {
      if (this.disposed || this.epoch !== epoch) return this.state.session;
      const versionBefore = this.version;
      try {
        const session = await this.requestRefresh();
        if (this.disposed || this.epoch !== epoch || this.version !== versionBefore)
          return this.state.session;
        const previous = this.state;
        const sameUser = previous.status === 'signedIn' && previous.session?.user.id === session.user.id;
        this.applySession(session, sameUser ? 'TOKEN_REFRESHED' : 'SIGNED_IN', true);
        return session;
      } catch (error) {
        if (this.disposed || this.epoch !== epoch || this.version !== versionBefore)
          return this.state.session;
        if (!(error instanceof ApiError) || !error.isTransient) {
          this.clearSession(true);
          return null;
        }
        this.setReconnecting(true);
        const backoff = Math.min(REFRESH_RETRY_BASE_MS * 2 ** attempt, this.retryCapMs);
        const serverHint = (error.retryAfter ?? 0) * 1000;
        await this.sleep(Math.max(backoff, Math.min(serverHint, this.retryCapMs)));
        await this.waitUntilOnline();
      }
    }
  }

  private async requestRefresh(): Promise<Session> {
    const response = await this.post(routes.auth.refresh, null);
    if (!response.ok) throw await apiErrorFromResponse(response);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!isSession(body)) throw new ApiError('bad_response', '', response.status);
    return body;
  }

  private async post(route: AnyRoute, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      // No body and so no Content-Type: the refresh token travels in its cookie.
      return await this.fetchImpl(`${this.baseUrl}${pathOf(route)}`, {
        method: 'POST',
        credentials: 'include',
        headers,
      });
    } catch (error) {
      throw networkError(error);
    }
  }

  private isExpiring(session: Session): boolean {
    return Date.parse(session.expiresAt) - Date.now() <= REFRESH_AHEAD_SECONDS * 1000;
  }

  /**
   * Sets the timer for the next refresh. A tab that got its session from another tab waits a
   * little longer, so the tab that refreshed last normally goes first and its broadcast reaches
   * the others before their own timers fire — one rotation per period instead of one per tab.
   */
  private schedule(session: Session, adoptedFromOtherTab: boolean): void {
    clearTimeout(this.refreshTimer);
    let lifetime = Date.parse(session.expiresAt) - Date.now();
    if (!Number.isFinite(lifetime)) lifetime = ACCESS_TOKEN_TTL_SECONDS * 1000;
    const ahead = REFRESH_AHEAD_SECONDS * 1000;
    // A token shorter-lived than twice the margin is refreshed halfway instead of at once.
    let delay = lifetime > 2 * ahead ? lifetime - ahead : lifetime / 2;
    if (adoptedFromOtherTab)
      delay += Math.min(FOLLOWER_DELAY_MS + Math.random() * FOLLOWER_DELAY_MS, ahead / 4);
    this.refreshTimer = setTimeout(() => void this.refresh(), Math.max(MIN_REFRESH_DELAY_MS, delay));
  }

  private async withLock<T>(fn: () => Promise<T>, timeoutMs?: number): Promise<T> {
    const locks = this.locks;
    if (!locks) return fn();
    if (timeoutMs === undefined) return locks.request(AUTH_LOCK_NAME, {}, fn);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await locks.request(AUTH_LOCK_NAME, { signal: controller.signal }, () => {
        clearTimeout(timer);
        return fn();
      });
    } catch (error) {
      // Waited too long for another tab (it may be stuck retrying offline): go ahead without the lock.
      if (controller.signal.aborted && isAbortError(error)) return fn();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  private waitUntilOnline(): Promise<void> {
    if (this.isOnline() || typeof window === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.removeEventListener('online', done);
        this.wakers.delete(done);
        resolve();
      };
      window.addEventListener('online', done);
      this.wakers.add(done);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  // ── state changes ──────────────────────────────────────────────────────────

  private applySession(session: Session, event: AuthEvent, tellOtherTabs: boolean): void {
    this.version++;
    this.state = { status: 'signedIn', session, reconnecting: false };
    if (session.user.isDemo) this.storage?.setItem(DEMO_FLAG_KEY, '1');
    else this.removeDemoFlag();
    this.schedule(session, !tellOtherTabs);
    this.notify();
    this.emit(event, session);
    if (tellOtherTabs) this.broadcast({ type: 'session', event, session });
  }

  private clearSession(tellOtherTabs: boolean): void {
    const hadSession = this.state.status === 'signedIn';
    this.version++;
    clearTimeout(this.refreshTimer);
    this.state = { status: 'signedOut', session: null, reconnecting: false };
    this.notify();
    // A tab that never had a session has nothing to tell: its failed restore must not sign
    // out a tab that has just signed in.
    if (hadSession) {
      this.emit('SIGNED_OUT', null);
      if (tellOtherTabs) this.broadcast({ type: 'signed-out' });
    }
  }

  private setReconnecting(reconnecting: boolean): void {
    if (this.state.reconnecting === reconnecting) return;
    this.state = { ...this.state, reconnecting };
    this.notify();
  }

  private removeDemoFlag(): void {
    this.storage?.removeItem(DEMO_FLAG_KEY);
  }

  private readonly handleMessage = (event: MessageEvent): void => {
    if (this.disposed || !isChannelMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'signed-out') {
      if (this.state.status !== 'signedOut') this.clearSession(false);
      return;
    }
    const current = this.state;
    const sameUser = current.status === 'signedIn' && current.session?.user.id === message.session.user.id;
    this.applySession(message.session, sameUser ? message.event : 'SIGNED_IN', false);
  };

  private broadcast(message: ChannelMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel (page unloading) is not worth failing the sign-in for.
    }
  }

  private notify(): void {
    for (const listener of [...this.stateListeners]) listener();
  }

  private emit(event: AuthEvent, session: Session | null): void {
    for (const listener of [...this.eventListeners]) {
      try {
        listener(event, session);
      } catch (error) {
        // One faulty listener must not stop the others from hearing about the change.
        console.error(error);
      }
    }
  }
}
