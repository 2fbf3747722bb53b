import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import { cookieValue, createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';

// PUBLIC_URL of the test config.
const OWN = 'http://doppel.test';
const EVIL = 'https://evil.example';

let doppel: DoppelApp;
let proxied: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
  proxied = await createTestApp({ config: { trustProxy: true } });
});
afterAll(async () => {
  await Promise.all([doppel.app.close(), proxied.app.close()]);
});

type User = Awaited<ReturnType<typeof signedInUser>>;

/** A POST carrying only the refresh cookie, as a page on another site can make a browser send. */
function cookiePost(
  url: string,
  user: User,
  headers: Record<string, string>,
  payload?: string,
  app: DoppelApp = doppel,
) {
  return app.app.inject({
    method: 'POST',
    url,
    remoteAddress: uniqueIp(),
    cookies: { doppel_refresh: user.refreshToken },
    headers,
    payload,
  });
}

function me(user: User) {
  return doppel.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
}

/** The session still works: its access token is accepted and its refresh cookie rotates. */
async function expectSessionAlive(user: User) {
  expect((await me(user)).statusCode).toBe(200);
  const refreshed = await cookiePost('/api/auth/refresh', user, { 'content-type': 'application/json' });
  expect(refreshed.statusCode).toBe(200);
}

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    error: {
      code: 'cross_site_request',
      message:
        'This request did not come from the Doppel app and was refused. Reload the page and try again.',
    },
  });
}

describe('cookie-authenticated routes refuse other sites (CSRF)', () => {
  it('refuses a cross-origin text/plain sign-out, and the session stays signed in', async () => {
    const user = await signedInUser(doppel);
    const out = await cookiePost(
      '/api/auth/sign-out',
      user,
      { origin: EVIL, 'content-type': 'text/plain' },
      'x',
    );
    expectRefused(out);
    // Nothing was cleared either.
    expect(out.cookies.find((c) => c.name === 'doppel_refresh')).toBeUndefined();
    await expectSessionAlive(user);
  });

  it('refuses a cross-origin refresh, so another site cannot rotate (and so steal or burn) the token', async () => {
    const user = await signedInUser(doppel);
    const refresh = await cookiePost('/api/auth/refresh', user, {
      origin: EVIL,
      'content-type': 'text/plain',
    });
    expectRefused(refresh);
    expect(cookieValue(refresh, 'doppel_refresh')).toBeUndefined();
    // The token was not rotated: it still works once, here.
    await expectSessionAlive(user);
  });

  it('refuses a body-less cross-origin POST, a sibling subdomain, another port and Origin: null', async () => {
    const user = await signedInUser(doppel);
    for (const origin of [
      EVIL,
      'https://doppel.test',
      'http://app.doppel.test',
      'http://doppel.test:8080',
      'null',
    ]) {
      expectRefused(await cookiePost('/api/auth/sign-out', user, { origin }));
      expectRefused(await cookiePost('/api/auth/refresh', user, { origin }));
    }
    await expectSessionAlive(user);
  });

  it('judges by Referer when Origin is missing', async () => {
    const user = await signedInUser(doppel);
    expectRefused(
      await cookiePost('/api/auth/sign-out', user, {
        referer: `${EVIL}/page.html`,
        'content-type': 'application/json',
      }),
    );
    await expectSessionAlive(user);
    const out = await cookiePost('/api/auth/sign-out', user, { referer: `${OWN}/actions` });
    expect(out.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('refuses a form-type body that names no origin (an old browser’s cross-site form)', async () => {
    const user = await signedInUser(doppel);
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expectRefused(await cookiePost('/api/auth/sign-out', user, { 'content-type': type }, ''));
    }
    await expectSessionAlive(user);
  });

  it('accepts the app itself: same-origin JSON refresh and sign-out', async () => {
    const user = await signedInUser(doppel);
    const refreshed = await cookiePost('/api/auth/refresh', user, {
      origin: OWN,
      'content-type': 'application/json',
    });
    expect(refreshed.statusCode).toBe(200);
    const rotated = { ...user, refreshToken: cookieValue(refreshed, 'doppel_refresh')! };
    const out = await cookiePost('/api/auth/sign-out', rotated, {
      origin: OWN,
      'content-type': 'application/json',
      authorization: `Bearer ${user.accessToken}`,
    });
    expect(out.statusCode).toBe(200);
    expect((await cookiePost('/api/auth/refresh', rotated, { origin: OWN })).statusCode).toBe(401);
  });

  it('accepts the address the browser used when it is not PUBLIC_URL (a LAN address, the dev proxy)', async () => {
    const user = await signedInUser(doppel);
    const refreshed = await cookiePost('/api/auth/refresh', user, {
      origin: 'http://192.168.1.20:3000',
      host: '192.168.1.20:3000',
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('behind a trusted proxy, compares with the forwarded host and scheme', async () => {
    const user = await signedInUser(proxied);
    const forwarded = { 'x-forwarded-host': 'doppel.example.com', 'x-forwarded-proto': 'https' };
    const refreshed = await cookiePost(
      '/api/auth/refresh',
      user,
      { ...forwarded, origin: 'https://doppel.example.com' },
      undefined,
      proxied,
    );
    expect(refreshed.statusCode).toBe(200);
    const rotated = { ...user, refreshToken: cookieValue(refreshed, 'doppel_refresh')! };
    expectRefused(
      await cookiePost(
        '/api/auth/refresh',
        rotated,
        { ...forwarded, origin: 'http://doppel.example.com' },
        undefined,
        proxied,
      ),
    );
    // Without TRUST_PROXY the forwarded headers are not believed.
    expectRefused(
      await cookiePost('/api/auth/refresh', user, { ...forwarded, origin: 'https://doppel.example.com' }),
    );
  });

  it('accepts non-browser clients: no Origin with JSON or with no body at all', async () => {
    const user = await signedInUser(doppel);
    const refreshed = await cookiePost('/api/auth/refresh', user, {});
    expect(refreshed.statusCode).toBe(200);
    const rotated = { ...user, refreshToken: cookieValue(refreshed, 'doppel_refresh')! };
    const out = await cookiePost('/api/auth/sign-out', rotated, { 'content-type': 'application/json' }, '{}');
    expect(out.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('guards sign-in and demo entry too: another site cannot swap the browser’s session cookie', async () => {
    const user = await signedInUser(doppel);
    const signIn = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      headers: { origin: EVIL },
      payload: { email: user.email, password: user.password },
    });
    expectRefused(signIn);
    expect(cookieValue(signIn, 'doppel_refresh')).toBeUndefined();
    const demo = await doppel.app.inject({
      method: 'POST',
      url: '/api/demo',
      remoteAddress: uniqueIp(),
      headers: { origin: EVIL },
    });
    expectRefused(demo);
    const ownDemo = await doppel.app.inject({
      method: 'POST',
      url: '/api/demo',
      remoteAddress: uniqueIp(),
      headers: { origin: OWN },
    });
    expect(ownDemo.statusCode).toBe(200);
  });

  it('leaves bearer-authenticated routes alone: the private API and the API-key API', async () => {
    const user = await signedInUser(doppel);
    const created = await doppel.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { origin: EVIL, authorization: `Bearer ${user.accessToken}` },
      payload: { name: 'from a tool', permissions: [{ resource: 'contacts', actions: ['read', 'write'] }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<{ fullKey: string }>().fullKey;
    const contact = await doppel.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { origin: EVIL, authorization: `Bearer ${key}` },
      payload: { name: 'Cross Origin' },
    });
    expect(contact.statusCode, contact.body).toBe(201);
  });
});
