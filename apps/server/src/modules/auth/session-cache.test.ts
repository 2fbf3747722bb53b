import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sessions } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { SESSION_CACHE_TTL_MS, sessionCacheFor } from '../../lib/session-cache';
import {
  ManualClock,
  cookieValue,
  createTestApp,
  emailedToken,
  signedInUser,
  uniqueIp,
  eventually as eventuallyPasses,
} from '../../test-support/test-app';

// Two apps on one database stand for two server processes.
let doppel: DoppelApp;
let other: DoppelApp;
const clock = new ManualClock();
beforeAll(async () => {
  doppel = await createTestApp({ clock });
  other = await createTestApp({ clock });
});
afterAll(async () => {
  await Promise.all([doppel.app.close(), other.app.close()]);
});

const tasksOf = (app: DoppelApp, accessToken: string) =>
  app.app.inject({ method: 'GET', url: '/api/tasks', headers: { authorization: `Bearer ${accessToken}` } });
const post = (url: string, payload?: object, extra: { cookie?: string; bearer?: string } = {}) =>
  doppel.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: uniqueIp(),
    cookies: extra.cookie ? { doppel_refresh: extra.cookie } : {},
    headers: extra.bearer ? { authorization: `Bearer ${extra.bearer}` } : {},
  });

/** Uses the token until this app remembers its session, as it does after any request. */
async function remembered(app: DoppelApp, accessToken: string) {
  expect((await tasksOf(app, accessToken)).statusCode).toBe(200);
  expect(sessionCacheFor(app.ctx).size).toBeGreaterThan(0);
}

async function refused(app: DoppelApp, accessToken: string) {
  const response = await tasksOf(app, accessToken);
  expect(response.statusCode).toBe(401);
  expect(response.json().error.code).toBe('session_expired');
}

/**
 * Retries until the check passes. Another process learns of a revocation through NOTIFY, a
 * moment after the commit on PostgreSQL; the window is well under the cache's lifetime, so only
 * the change event, not expiry, can make these checks pass.
 */
function eventually(check: () => Promise<void>, withinMs = 1500): Promise<void> {
  expect(withinMs).toBeLessThan(SESSION_CACHE_TTL_MS / 2);
  return eventuallyPasses(check, withinMs);
}

describe('remembered sessions', () => {
  it('refuse the access token at once after sign-out', async () => {
    const user = await signedInUser(doppel);
    await remembered(doppel, user.accessToken);
    const out = await post('/api/auth/sign-out', undefined, {
      cookie: user.refreshToken,
      bearer: user.accessToken,
    });
    expect(out.statusCode).toBe(200);
    await refused(doppel, user.accessToken);
  });

  it('refuse every session of the account at once after a password reset', async () => {
    const user = await signedInUser(doppel);
    const otherDevice = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    const otherAccess = otherDevice.json().accessToken as string;
    await remembered(doppel, user.accessToken);
    await remembered(doppel, otherAccess);

    await post('/api/auth/forgot-password', { email: user.email });
    const token = await emailedToken(doppel, user.email, 'reset_password');
    expect((await post('/api/auth/reset-password', { token, password: 'brand new pass' })).statusCode).toBe(
      200,
    );
    await refused(doppel, user.accessToken);
    await refused(doppel, otherAccess);
  });

  it('refuse the whole family at once when an old refresh token is replayed', async () => {
    const user = await signedInUser(doppel);
    const rotated = await post('/api/auth/refresh', undefined, { cookie: user.refreshToken });
    const newest = rotated.json().accessToken as string;
    await remembered(doppel, user.accessToken);
    await remembered(doppel, newest);

    const replay = await post('/api/auth/refresh', undefined, { cookie: user.refreshToken });
    expect(replay.statusCode).toBe(401);
    await refused(doppel, user.accessToken);
    await refused(doppel, newest);
    expect(
      (await post('/api/auth/refresh', undefined, { cookie: cookieValue(rotated, 'doppel_refresh') }))
        .statusCode,
    ).toBe(401);
  });

  it('end with the access token, by the clock', async () => {
    const user = await signedInUser(doppel);
    await remembered(doppel, user.accessToken);
    clock.advance(15 * 60 * 1000 + 1000);
    await refused(doppel, user.accessToken);
  });

  it('end with a revocation written by anyone, in this process and in every other', async () => {
    const user = await signedInUser(doppel);
    await remembered(doppel, user.accessToken);
    await remembered(other, user.accessToken);
    // Not through the sign-out code: only the database's change event tells the caches.
    await doppel.ctx.db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: 'sign_out' })
      .where(eq(sessions.userId, user.userId));
    await eventually(() => refused(doppel, user.accessToken));
    await eventually(() => refused(other, user.accessToken));
  });

  it('keep serving a live session of someone else', async () => {
    const leaving = await signedInUser(doppel);
    const staying = await signedInUser(doppel);
    await remembered(doppel, leaving.accessToken);
    await remembered(doppel, staying.accessToken);
    await post('/api/auth/sign-out', undefined, {
      cookie: leaving.refreshToken,
      bearer: leaving.accessToken,
    });
    await refused(doppel, leaving.accessToken);
    expect((await tasksOf(doppel, staying.accessToken)).statusCode).toBe(200);
  });
});
