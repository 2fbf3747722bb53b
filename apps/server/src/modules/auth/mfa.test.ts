import { mfaRecoveryCodes, eq, users } from '@doppel/db';
import { generate } from 'otplib';
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

type User = Awaited<ReturnType<typeof signedInUser>>;

function post(url: string, payload: object, options: { token?: string; ip?: string; cookies?: object } = {}) {
  return doppel.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    cookies: { ...options.cookies },
  });
}

function me(accessToken: string) {
  return doppel.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

function mfaStatus(accessToken: string) {
  return doppel.app.inject({
    method: 'GET',
    url: '/api/me/mfa',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/** The app's code at the test clock's time; each call first moves to the next 30 s step, as a person waits for a fresh code. */
async function freshCode(secret: string): Promise<string> {
  clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
}

/** A code that is right for no step near now. */
async function wrongCode(secret: string): Promise<string> {
  const epoch = Math.floor(clock.now().getTime() / 1000);
  const near = await Promise.all([-1, 0, 1].map((step) => generate({ secret, epoch: epoch + step * 30 })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.includes(candidate)) return candidate;
  }
}

/** Turns MFA on for a signed-in user as Settings → Security does. */
async function withMfa(user: User) {
  const setup = await post('/api/me/mfa/setup', { password: user.password }, { token: user.accessToken });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await post(
    '/api/me/mfa/confirm',
    { code: await freshCode(secret) },
    { token: user.accessToken },
  );
  expect(confirmed.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function userWithMfa() {
  return withMfa(await signedInUser(doppel));
}

function passwordStep(user: User, cookies: object = {}) {
  return post('/api/auth/sign-in', { email: user.email, password: user.password }, { ip: user.ip, cookies });
}

async function challengeFor(user: User, cookies: object = {}): Promise<string> {
  const response = await passwordStep(user, cookies);
  expect(response.json()).toMatchObject({ mfaRequired: true });
  return response.json<{ challenge: string }>().challenge;
}

function codeStep(user: User, body: object, cookies: object = {}) {
  return post('/api/auth/sign-in/mfa', body, { ip: user.ip, cookies });
}

describe('turning MFA on', () => {
  it('asks for the password, then the first code, and shows ten recovery codes once', async () => {
    const user = await signedInUser(doppel);
    const token = user.accessToken;

    const wrongPassword = await post('/api/me/mfa/setup', { password: 'not it' }, { token });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');

    const setup = await post('/api/me/mfa/setup', { password: user.password }, { token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Doppel:/);
    expect(new URL(otpauthUri).searchParams.get('secret')).toBe(secret);
    expect(qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCodeDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');

    // Stored encrypted, and not in force until the first code confirms it.
    const [pending] = await doppel.ctx.db.select().from(users).where(eq(users.id, user.userId));
    expect(pending!.mfaSecretEncrypted).toBeTruthy();
    expect(pending!.mfaSecretEncrypted).not.toContain(secret);
    expect(pending!.mfaEnabledAt).toBeNull();
    expect((await passwordStep(user)).json()).toHaveProperty('accessToken');

    const wrong = await post('/api/me/mfa/confirm', { code: await wrongCode(secret) }, { token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('mfa_code_invalid');
    expect((await mfaStatus(token)).json()).toMatchObject({ enabled: false });

    const confirmed = await post('/api/me/mfa/confirm', { code: await freshCode(secret) }, { token });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes, status } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await me(token)).json()).toMatchObject({ mfaEnabled: true });

    // Only hashes are kept, and no answer shows the codes or the secret again.
    const stored = await doppel.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes).not.toContain(row.codeHash);
    const again = await mfaStatus(token);
    expect(again.body).not.toContain(recoveryCodes[0]);
    expect(again.body).not.toContain(secret);

    const restart = await post('/api/me/mfa/setup', { password: user.password }, { token });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().error.code).toBe('mfa_already_enabled');
  });

  it('needs a started setup before a code can confirm it', async () => {
    const user = await signedInUser(doppel);
    const response = await post('/api/me/mfa/confirm', { code: '123456' }, { token: user.accessToken });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('mfa_setup_required');
  });

  it('refuses a malformed code as bad input', async () => {
    const user = await signedInUser(doppel);
    const response = await post('/api/me/mfa/confirm', { code: '12ab' }, { token: user.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { code: 'codeFormat' },
    });
  });
});

describe('signing in with MFA on', () => {
  it('asks for the code before any session starts, then signs in with it', async () => {
    const user = await userWithMfa();

    const step = await passwordStep(user);
    expect(step.statusCode).toBe(200);
    const { challenge, expiresAt, accessToken } = step.json();
    expect(accessToken).toBeUndefined();
    expect(typeof challenge).toBe('string');
    // Five minutes (whole seconds) to enter the code.
    const lifetime = Date.parse(expiresAt) - clock.now().getTime();
    expect(lifetime).toBeGreaterThan(5 * 60 * 1000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(cookieValue(step, 'doppel_refresh')).toBeUndefined();

    const wrong = await codeStep(user, { challenge, code: await wrongCode(user.secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('mfa_code_invalid');
    expect(cookieValue(wrong, 'doppel_refresh')).toBeUndefined();

    const code = await freshCode(user.secret);
    const signedIn = await codeStep(user, { challenge, code });
    expect(signedIn.statusCode).toBe(200);
    expect(cookieValue(signedIn, 'doppel_refresh')).toBeTruthy();
    expect(cookieValue(signedIn, 'doppel_device')).toBeTruthy();
    // Not asked to remember: no remembered-device cookie.
    expect(cookieValue(signedIn, 'doppel_mfa_device')).toBeUndefined();
    const session = signedIn.json();
    expect(session.user).toMatchObject({ id: user.userId, mfaEnabled: true });
    expect((await me(session.accessToken)).statusCode).toBe(200);

    // The challenge signs in once; the code, once.
    const reusedChallenge = await codeStep(user, { challenge, code: await freshCode(user.secret) });
    expect(reusedChallenge.json().error.code).toBe('mfa_challenge_expired');
    const next = await challengeFor(user);
    const replayCode = await freshCode(user.secret);
    expect((await codeStep(user, { challenge: next, code: replayCode })).statusCode).toBe(200);
    const replay = await codeStep(user, { challenge: await challengeFor(user), code: replayCode });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('mfa_code_invalid');
  });

  it('makes the account wait after five wrong codes, even for the right one', async () => {
    const user = await userWithMfa();
    const challenge = await challengeFor(user);
    for (let i = 0; i < 5; i++) {
      const wrong = await codeStep(user, { challenge, code: await wrongCode(user.secret) });
      expect(wrong.json().error.code).toBe('mfa_code_invalid');
    }
    const limited = await codeStep(user, { challenge, code: await freshCode(user.secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A recovery code is no way around it.
    const recovery = await codeStep(user, { challenge, recoveryCode: user.recoveryCodes[0] });
    expect(recovery.statusCode).toBe(429);

    // Another account is not held back by this one's wrong codes.
    const other = await userWithMfa();
    const otherIn = await codeStep(other, {
      challenge: await challengeFor(other),
      code: await freshCode(other.secret),
    });
    expect(otherIn.statusCode).toBe(200);

    clock.advance(15 * 60 * 1000);
    const later = await codeStep(user, {
      challenge: await challengeFor(user),
      code: await freshCode(user.secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and with or without its dash', async () => {
    const user = await userWithMfa();
    const [first] = user.recoveryCodes;
    const typed = first!.toUpperCase().replace('-', ' ');
    const signedIn = await codeStep(user, { challenge: await challengeFor(user), recoveryCode: typed });
    expect(signedIn.statusCode).toBe(200);
    expect((await mfaStatus(signedIn.json().accessToken)).json()).toMatchObject({ recoveryCodesLeft: 9 });

    const again = await codeStep(user, { challenge: await challengeFor(user), recoveryCode: first });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('mfa_code_invalid');
    // Another account's code is no use either.
    const other = await userWithMfa();
    const foreign = await codeStep(user, {
      challenge: await challengeFor(user),
      recoveryCode: other.recoveryCodes[0],
    });
    expect(foreign.json().error.code).toBe('mfa_code_invalid');
  });

  it('gives the code step five minutes, for its own account and MFA only', async () => {
    const user = await userWithMfa();
    const other = await userWithMfa();

    const late = await challengeFor(user);
    clock.advance(5 * 60 * 1000 + 1000);
    const expired = await codeStep(user, { challenge: late, code: await freshCode(user.secret) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('mfa_challenge_expired');

    // Re-addressed to another account: the signature no longer holds.
    const forged = (await challengeFor(user)).replace(user.userId, other.userId);
    const forgedStep = await codeStep(user, { challenge: forged, code: await freshCode(other.secret) });
    expect(forgedStep.json().error.code).toBe('mfa_challenge_expired');
    // Another account's code does not pass this account's challenge.
    const mixed = await codeStep(user, {
      challenge: await challengeFor(user),
      code: await freshCode(other.secret),
    });
    expect(mixed.json().error.code).toBe('mfa_code_invalid');

    // A challenge from before MFA was turned off and on again is void.
    const before = await challengeFor(user);
    const off = await post('/api/me/mfa/disable', { password: user.password }, { token: user.accessToken });
    expect(off.statusCode).toBe(200);
    const renewed = await withMfa(user);
    const stale = await codeStep(user, { challenge: before, code: await freshCode(renewed.secret) });
    expect(stale.json().error.code).toBe('mfa_challenge_expired');
  });
});

describe('remember this device', () => {
  async function rememberedSignIn(user: Awaited<ReturnType<typeof userWithMfa>>) {
    const response = await codeStep(user, {
      challenge: await challengeFor(user),
      code: await freshCode(user.secret),
      rememberDevice: true,
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('skips the code in that browser for 30 days, for that account only', async () => {
    const user = await userWithMfa();
    const response = await rememberedSignIn(user);
    const cookie = response.cookies.find((c) => c.name === 'doppel_mfa_device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/sign-in' });
    expect(cookie.maxAge).toBe(30 * 24 * 3600);
    expect(cookie.value).not.toContain(user.userId);
    const remembered = { doppel_mfa_device: cookie.value };

    const skipped = await passwordStep(user, remembered);
    expect(skipped.json()).toHaveProperty('accessToken');
    expect(cookieValue(skipped, 'doppel_refresh')).toBeTruthy();
    // The password is still needed.
    const wrongPassword = await post(
      '/api/auth/sign-in',
      { email: user.email, password: 'not it' },
      { ip: user.ip, cookies: remembered },
    );
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');

    // Someone else signing in from the same browser is asked for their own code.
    const other = await userWithMfa();
    expect((await passwordStep(other, remembered)).json()).toMatchObject({ mfaRequired: true });

    clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expect((await passwordStep(user, remembered)).json()).toMatchObject({ mfaRequired: true });
  });

  it('forgets the browser when MFA is turned off (and stays forgotten when it is on again)', async () => {
    const user = await userWithMfa();
    const remembered = {
      doppel_mfa_device: cookieValue(await rememberedSignIn(user), 'doppel_mfa_device')!,
    };
    const off = await post('/api/me/mfa/disable', { password: user.password }, { token: user.accessToken });
    expect(off.statusCode).toBe(200);
    const renewed = await withMfa(user);
    expect((await passwordStep(renewed, remembered)).json()).toMatchObject({ mfaRequired: true });
  });
});

describe('managing MFA', () => {
  it('turns off only with the password or a current code', async () => {
    const user = await userWithMfa();
    const token = user.accessToken;

    const wrongPassword = await post('/api/me/mfa/disable', { password: 'not it' }, { token });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');
    const wrongCodeAnswer = await post(
      '/api/me/mfa/disable',
      { code: await wrongCode(user.secret) },
      { token },
    );
    expect(wrongCodeAnswer.json().error.code).toBe('mfa_code_invalid');
    const both = await post('/api/me/mfa/disable', { password: user.password, code: '123456' }, { token });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('validation_failed');
    expect((await mfaStatus(token)).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const off = await post('/api/me/mfa/disable', { code: await freshCode(user.secret) }, { token });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect((await me(token)).json()).toMatchObject({ mfaEnabled: false });
    const [row] = await doppel.ctx.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ mfaSecretEncrypted: null, mfaEnabledAt: null });
    const codes = await doppel.ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.userId));
    expect(codes).toHaveLength(0);
    expect((await passwordStep(user)).json()).toHaveProperty('accessToken');
  });

  it('makes new recovery codes for a current code; the old ones stop working', async () => {
    const user = await userWithMfa();
    const token = user.accessToken;
    const refused = await post(
      '/api/me/mfa/recovery-codes',
      { code: await wrongCode(user.secret) },
      { token },
    );
    expect(refused.json().error.code).toBe('mfa_code_invalid');

    const renewed = await post(
      '/api/me/mfa/recovery-codes',
      { code: await freshCode(user.secret) },
      { token },
    );
    expect(renewed.statusCode).toBe(200);
    const { recoveryCodes } = renewed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(user.recoveryCodes[0]);

    const old = await codeStep(user, {
      challenge: await challengeFor(user),
      recoveryCode: user.recoveryCodes[0],
    });
    expect(old.json().error.code).toBe('mfa_code_invalid');
    const fresh = await codeStep(user, {
      challenge: await challengeFor(user),
      recoveryCode: recoveryCodes[0],
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('asks for a signed-in session', async () => {
    const response = await doppel.app.inject({ method: 'GET', url: '/api/me/mfa' });
    expect(response.statusCode).toBe(401);
  });
});
