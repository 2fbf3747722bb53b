import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import { ManualClock, cookieValue, createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
const clock = new ManualClock();
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

const me = (accessToken: string) =>
  doppel.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
const refresh = (cookie: string | undefined) =>
  doppel.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: cookie ? { doppel_refresh: cookie } : {},
  });

describe('session expiry', () => {
  it('expires the access token after 15 minutes while the refresh token still renews it', async () => {
    const user = await signedInUser(doppel);
    clock.advance(14 * 60 * 1000);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    clock.advance(60 * 1000 + 1000);
    const expired = await me(user.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('session_expired');

    const renewed = await refresh(user.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().accessToken)).statusCode).toBe(200);
  });

  it('ends a session left unused for 30 days', async () => {
    const user = await signedInUser(doppel);
    clock.advance(29 * 24 * 3600 * 1000);
    const stillAlive = await refresh(user.refreshToken);
    expect(stillAlive.statusCode).toBe(200);
    // Each use slides the window; a full 30 days of silence ends it.
    clock.advance(30 * 24 * 3600 * 1000 + 1000);
    const dead = await refresh(cookieValue(stillAlive, 'doppel_refresh'));
    expect(dead.statusCode).toBe(401);
    expect(dead.json().error.code).toBe('session_expired');
  });

  it('rejects a forged or tampered access token', async () => {
    const user = await signedInUser(doppel);
    const [header, payload] = user.accessToken.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
    expect((await me(`${header}.${payload}.AAAA`)).statusCode).toBe(401);
  });
});
