import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import { cookieValue, createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';

// The shipped defaults: ten wrong passwords per account from one place, a hundred per IP.
const LIMITS = { perIp: 100, perEmail: 10, windowSeconds: 900 };

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp({ config: { authRateLimit: LIMITS } });
});
afterAll(async () => {
  await doppel.app.close();
});

function signIn(email: string, password: string, ip: string, device?: string) {
  return doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email, password },
    cookies: device ? { doppel_device: device } : {},
  });
}

/** An owner who signed in once from home, so that browser is a known device. */
async function ownerWithKnownDevice() {
  const user = await signedInUser(doppel);
  const home = await signIn(user.email, user.password, uniqueIp());
  const device = cookieValue(home, 'doppel_device')!;
  return { ...user, device };
}

async function tenWrongPasswords(email: string, ip: string) {
  for (let i = 0; i < 10; i++) {
    const wrong = await signIn(email, `wrong guess ${i}`, ip);
    expect(wrong.json().error.code).toBe('invalid_credentials');
  }
}

function expectLimited(response: Awaited<ReturnType<typeof signIn>>) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json().error).toMatchObject({
    code: 'rate_limited',
    message: 'Too many requests. Please try again later.',
  });
}

describe('sign-in limits do not let a stranger lock the owner out', () => {
  it('sets a signed known-device cookie only the sign-in route gets', async () => {
    const user = await signedInUser(doppel);
    const response = await signIn(user.email, user.password, uniqueIp());
    const cookie = response.cookies.find((c) => c.name === 'doppel_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/sign-in' });
    expect(cookie!.maxAge).toBe(180 * 24 * 3600);
    // Opaque: it names no account.
    expect(cookie!.value).not.toContain(user.userId);
    expect(cookie!.value).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
    // A wrong password sets nothing.
    const wrong = await signIn(user.email, 'wrong', uniqueIp());
    expect(cookieValue(wrong, 'doppel_device')).toBeUndefined();
  });

  it('ten wrong passwords from one IP: that IP waits, the owner elsewhere signs in', async () => {
    const owner = await signedInUser(doppel);
    const attacker = uniqueIp();
    await tenWrongPasswords(owner.email, attacker);

    expectLimited(await signIn(owner.email, 'eleventh guess', attacker));
    // The right password does not get through from the attacker's IP either.
    expectLimited(await signIn(owner.email, owner.password, attacker));

    const fromElsewhere = await signIn(owner.email, owner.password, uniqueIp());
    expect(fromElsewhere.statusCode).toBe(200);
    expect(fromElsewhere.json().user.id).toBe(owner.userId);
  });

  it('a device that signed in before passes even from the attacker’s IP (one office, one NAT)', async () => {
    const owner = await ownerWithKnownDevice();
    const sharedIp = uniqueIp();
    await tenWrongPasswords(owner.email, sharedIp);
    expectLimited(await signIn(owner.email, owner.password, sharedIp));

    const known = await signIn(owner.email, owner.password, sharedIp, owner.device);
    expect(known.statusCode).toBe(200);
    // The renewed cookie keeps the same device.
    expect(cookieValue(known, 'doppel_device')!.split('.')[0]).toBe(owner.device.split('.')[0]);
  });

  it('a device cookie of another account, or a forged one, is a stranger', async () => {
    const owner = await signedInUser(doppel);
    const attacker = await ownerWithKnownDevice();
    const ip = uniqueIp();
    await tenWrongPasswords(owner.email, ip);
    expectLimited(await signIn(owner.email, owner.password, ip, attacker.device));
    const [deviceId, issuedAt] = attacker.device.split('.');
    const forged = `${deviceId}.${issuedAt}.${'A'.repeat(43)}`;
    expectLimited(await signIn(owner.email, owner.password, ip, forged));
  });

  it('a known device is itself limited to ten wrong passwords', async () => {
    const owner = await ownerWithKnownDevice();
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn(owner.email, `typo ${i}`, uniqueIp(), owner.device);
      expect(wrong.json().error.code).toBe('invalid_credentials');
    }
    expectLimited(await signIn(owner.email, owner.password, uniqueIp(), owner.device));
    // Other browsers of the owner are not held up by it.
    expect((await signIn(owner.email, owner.password, uniqueIp())).statusCode).toBe(200);
  });

  it('remembers several accounts on one browser', async () => {
    const first = await ownerWithKnownDevice();
    const second = await signedInUser(doppel);
    const both = cookieValue(
      await signIn(second.email, second.password, uniqueIp(), first.device),
      'doppel_device',
    )!;
    expect(both.split('~')).toHaveLength(2);
    const ip = uniqueIp();
    await tenWrongPasswords(first.email, ip);
    await tenWrongPasswords(second.email, ip);
    expect((await signIn(first.email, first.password, ip, both)).statusCode).toBe(200);
    expect((await signIn(second.email, second.password, ip, both)).statusCode).toBe(200);
  });
});

describe('the looser per-account limit', () => {
  let small: DoppelApp;
  beforeAll(async () => {
    // Two per place, so the account-wide allowance (ten times that) is reached quickly.
    small = await createTestApp({
      config: { authRateLimit: { perIp: 100, perEmail: 2, windowSeconds: 900 } },
    });
  });
  afterAll(async () => {
    await small.app.close();
  });

  it('stops guesses spread over many IPs, but not the owner’s known device', async () => {
    const owner = await signedInUser(small);
    const home = await small.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      payload: { email: owner.email, password: owner.password },
    });
    const device = cookieValue(home, 'doppel_device')!;
    const attempt = (password: string, cookies: Record<string, string> = {}) =>
      small.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: uniqueIp(),
        payload: { email: owner.email, password },
        cookies,
      });
    // Two sign-ins so far; eighteen more wrong guesses, each from a fresh IP, fill the twenty.
    for (let i = 0; i < 18; i++) expect((await attempt(`spray ${i}`)).statusCode).toBe(400);
    const limited = await attempt(owner.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt(owner.password, { doppel_device: device })).statusCode).toBe(200);
  });
});
