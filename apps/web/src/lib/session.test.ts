import { REFRESH_AHEAD_SECONDS, routes as apiRoutes } from '@doppel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeApi,
  errorReply,
  makeSession,
  sequence,
  fakeRoute,
  routeKey,
} from '@/test-support/fake-api';
import {
  DEMO_FLAG_KEY,
  SessionManager,
  type AuthEvent,
  type BroadcastChannelLike,
  type LockManagerLike,
  type SessionManagerOptions,
} from './session';

const REFRESH = routeKey(apiRoutes.auth.refresh);

/** Records what a manager tells other tabs. */
function recordingChannel() {
  const sent: unknown[] = [];
  const channel: BroadcastChannelLike = {
    postMessage: (message) => sent.push(message),
    addEventListener: () => {},
    removeEventListener: () => {},
    close: () => {},
  };
  return { channel, sent };
}

/** An exclusive lock like navigator.locks: callbacks run one after another, in request order. */
function inMemoryLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name, _options, callback) => {
      const run = tail.then(() => callback());
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

const managers: SessionManager[] = [];
function createManager(options: SessionManagerOptions = {}) {
  const events: AuthEvent[] = [];
  const manager = new SessionManager({ locks: null, channel: null, ...options });
  manager.onAuthStateChange((event) => events.push(event));
  managers.push(manager);
  return { manager, events };
}

afterEach(() => {
  for (const manager of managers.splice(0)) manager.dispose();
  vi.useRealTimers();
});

describe('SessionManager: restore and scheduled refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T12:00:00Z') });
  });

  it('restores the session on load and refreshes REFRESH_AHEAD_SECONDS before it expires', async () => {
    const api = createFakeApi({
      [REFRESH]: sequence(
        { body: makeSession({ accessToken: 'first' }) },
        { body: makeSession({ accessToken: 'second' }) },
      ),
    });
    api.install();
    const { manager, events } = createManager();

    expect(manager.getState().status).toBe('loading');
    await manager.initialize();
    expect(manager.getState().status).toBe('signedIn');
    expect(manager.accessToken).toBe('first');
    expect(events).toEqual(['SIGNED_IN']);
    expect(api.callsTo(REFRESH)[0]!.headers.get('authorization')).toBeNull();

    // Fifteen-minute token: the next refresh is due one margin before expiry, not earlier.
    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_AHEAD_SECONDS * 1000 - 1);
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo(REFRESH)).toHaveLength(2);
    expect(manager.accessToken).toBe('second');
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
  });

  it('ends up signed out without an event when there is no session cookie', async () => {
    createFakeApi({ [REFRESH]: errorReply(401, 'unauthorized', 'Auth session missing!') }).install();
    const { manager, events } = createManager();
    await manager.initialize();
    expect(manager.getState()).toMatchObject({ status: 'signedOut', session: null });
    expect(events).toEqual([]);
  });

  it('retries transient failures after 200, 400 and 800 ms, then succeeds', async () => {
    const api = createFakeApi({
      [REFRESH]: sequence(
        errorReply(503, 'internal'),
        errorReply(429, 'rate_limited'),
        new TypeError('Failed to fetch'),
        { body: makeSession({ accessToken: 'restored' }) },
      ),
    });
    api.install();
    const { manager } = createManager();
    void manager.initialize();

    const attempts = () => api.callsTo(REFRESH).length;
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts()).toBe(1);
    expect(manager.getState()).toMatchObject({ status: 'loading', reconnecting: true });

    await vi.advanceTimersByTimeAsync(199);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);

    await vi.advanceTimersByTimeAsync(399);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(3);

    await vi.advanceTimersByTimeAsync(799);
    expect(attempts()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(4);

    expect(manager.getState()).toMatchObject({ status: 'signedIn', reconnecting: false });
    expect(manager.accessToken).toBe('restored');
  });

  it('caps the back-off instead of doubling forever', async () => {
    const api = createFakeApi({ [REFRESH]: errorReply(502, 'internal') });
    api.install();
    const { manager } = createManager({ retryCapMs: 1000 });
    void manager.initialize();
    await vi.advanceTimersByTimeAsync(0); // attempt 1, then waits 200
    await vi.advanceTimersByTimeAsync(200 + 400 + 800); // attempts 2, 3 and 4, still under the cap
    expect(api.callsTo(REFRESH)).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1000); // would be 1600 uncapped
    expect(api.callsTo(REFRESH)).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.callsTo(REFRESH)).toHaveLength(6);
  });

  it('clears the session, emits SIGNED_OUT and tells other tabs when a refresh is refused', async () => {
    const { channel, sent } = recordingChannel();
    createFakeApi({
      [REFRESH]: sequence({ body: makeSession() }, errorReply(401, 'session_expired')),
    }).install();
    const { manager, events } = createManager({ channel });
    await manager.initialize();

    await expect(manager.refresh()).resolves.toBeNull();
    expect(manager.getState()).toMatchObject({ status: 'signedOut', session: null });
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(sent.at(-1)).toEqual({ type: 'signed-out' });
  });

  it('shares one request between concurrent refresh calls', async () => {
    const api = createFakeApi({ [REFRESH]: { body: makeSession() } });
    api.install();
    const { manager } = createManager();
    const [a, b] = await Promise.all([manager.refresh(), manager.refresh()]);
    expect(a).toBe(b);
    expect(api.callsTo(REFRESH)).toHaveLength(1);
  });
});

describe('SessionManager: sign-in, demo flag and sign-out', () => {
  it('adopts a signed-in session, tells other tabs and marks demo sessions', async () => {
    const { channel, sent } = recordingChannel();
    createFakeApi().install();
    const { manager, events } = createManager({ channel });
    const demo = makeSession({ user: { isDemo: true } });

    await manager.signIn(async () => demo);
    expect(manager.getState()).toMatchObject({ status: 'signedIn', session: demo });
    expect(events).toEqual(['SIGNED_IN']);
    expect(sent).toEqual([{ type: 'session', event: 'SIGNED_IN', session: demo }]);
    expect(localStorage.getItem(DEMO_FLAG_KEY)).not.toBeNull();

    manager.adopt(makeSession());
    expect(localStorage.getItem(DEMO_FLAG_KEY)).toBeNull();
  });

  it('revokes the session on the server with the bearer, then forgets it everywhere', async () => {
    const { channel, sent } = recordingChannel();
    const api = createFakeApi({ ...fakeRoute(apiRoutes.auth.signOut, { body: { ok: true } }) });
    api.install();
    const { manager, events } = createManager({ channel });
    manager.adopt(makeSession({ accessToken: 'live-token' }));

    await manager.signOut();
    const [call] = api.callsTo(apiRoutes.auth.signOut);
    expect(call!.headers.get('authorization')).toBe('Bearer live-token');
    expect(manager.getState().status).toBe('signedOut');
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);
    expect(sent.at(-1)).toEqual({ type: 'signed-out' });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    createFakeApi({
      ...fakeRoute(apiRoutes.auth.signOut, () => {
        throw new TypeError('Failed to fetch');
      }),
    }).install();
    const { manager } = createManager();
    manager.adopt(makeSession());
    await manager.signOut();
    expect(manager.getState().status).toBe('signedOut');
  });
});

describe('SessionManager: tabs', () => {
  it('keeps two tabs in sync over BroadcastChannel: sign-in, refresh, profile change and sign-out', async () => {
    const name = `doppel-auth-test-${Math.random()}`;
    createFakeApi({
      [REFRESH]: { body: makeSession({ accessToken: 'refreshed' }) },
      ...fakeRoute(apiRoutes.auth.signOut, { body: { ok: true } }),
    }).install();
    const tabA = createManager({ channel: new BroadcastChannel(name) });
    const tabB = createManager({ channel: new BroadcastChannel(name) });

    const session = makeSession({ accessToken: 'signed-in' });
    tabA.manager.adopt(session);
    await vi.waitFor(() => expect(tabB.manager.accessToken).toBe('signed-in'));
    expect(tabB.events).toEqual(['SIGNED_IN']);

    await tabA.manager.refresh();
    await vi.waitFor(() => expect(tabB.manager.accessToken).toBe('refreshed'));
    expect(tabB.events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);

    tabB.manager.updateUser({ ...session.user, name: 'Ada King' });
    await vi.waitFor(() => expect(tabA.manager.session?.user.name).toBe('Ada King'));
    expect(tabA.events.at(-1)).toBe('USER_UPDATED');

    await tabB.manager.signOut();
    await vi.waitFor(() => expect(tabA.manager.getState().status).toBe('signedOut'));
    expect(tabA.events.at(-1)).toBe('SIGNED_OUT');
  });

  it('never lets two tabs send the same refresh token (the server would revoke the family)', async () => {
    // A server with a cookie jar shared by both tabs: each request carries the jar's token as it
    // is when sent; presenting a token that was already rotated away counts as reuse.
    let current = 'refresh-0';
    let jar = current;
    let rotations = 0;
    const reused: string[] = [];
    createFakeApi({
      [REFRESH]: async () => {
        const presented = jar;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (presented !== current) {
          reused.push(presented);
          return errorReply(401, 'session_expired');
        }
        rotations++;
        current = `refresh-${rotations}`;
        jar = current;
        return { body: makeSession({ accessToken: `access-after-${rotations}` }) };
      },
    }).install();

    const locks = inMemoryLocks();
    const tabA = createManager({ locks });
    const tabB = createManager({ locks });
    const [a, b] = await Promise.all([tabA.manager.refresh(), tabB.manager.refresh()]);

    expect(reused).toEqual([]);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(tabA.manager.getState().status).toBe('signedIn');
    expect(tabB.manager.getState().status).toBe('signedIn');
  });
});
