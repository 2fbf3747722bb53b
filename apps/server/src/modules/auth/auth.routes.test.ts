import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import {
  cookieValue,
  createTestApp,
  emailedToken,
  latestEmail,
  signedInUser,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

function post(url: string, payload: unknown, extra: { ip?: string; cookie?: string; bearer?: string } = {}) {
  return doppel.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: extra.ip ?? uniqueIp(),
    cookies: extra.cookie ? { doppel_refresh: extra.cookie } : {},
    headers: extra.bearer ? { authorization: `Bearer ${extra.bearer}` } : {},
  });
}

describe('sign-up', () => {
  it('names every invalid field with the spec message key and creates nothing', async () => {
    const email = uniqueEmail();
    const missing = await post('/api/auth/sign-up', { fullName: '  ', email: '', password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { fullName: 'nameRequired', email: 'emailRequired', password: 'passwordRequired' },
    });
    const invalid = await post('/api/auth/sign-up', {
      fullName: 'Ann',
      email: 'not-an-email',
      password: '12345',
    });
    expect(invalid.json().error.fields).toEqual({ email: 'emailInvalid', password: 'passwordTooShort' });
    const signIn = await post('/api/auth/sign-in', { email, password: '12345' });
    expect(signIn.json().error.code).toBe('invalid_credentials');
  });

  it('creates an unverified account and emails a verification link', async () => {
    const email = uniqueEmail();
    const created = await post('/api/auth/sign-up', {
      fullName: 'Ann Lee',
      email: email.toUpperCase(),
      password: 'secret1',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ verificationSent: true, verified: false });
    await expect(emailedToken(doppel, email, 'verify_email')).resolves.toMatch(/^[\w-]{40,}$/);
  });

  it('stores only an argon2id hash of the password', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { fullName: 'Hash Check', email, password: 'plain-secret' });
    const { users, eq } = await import('@doppel/db');
    const [row] = await doppel.ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.hash).not.toContain('plain-secret');
  });
});

describe('sign-up with an address that already has an account', () => {
  /** What a sign-up answer shows a client: status, body and the headers that could differ. */
  function visible(response: Awaited<ReturnType<typeof post>>) {
    return {
      status: response.statusCode,
      body: response.json(),
      contentType: response.headers['content-type'],
      cookies: response.cookies,
    };
  }

  it('answers exactly as for a new address and emails the owner, in the owner’s language', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', {
      fullName: 'Odile Roux',
      email,
      password: 'owner-pass',
      language: 'fr',
    });
    await post('/api/auth/verify-email', { token: await emailedToken(doppel, email, 'verify_email') });

    const fresh = await post('/api/auth/sign-up', {
      fullName: 'Eve',
      email: uniqueEmail(),
      password: 'eve-pass',
    });
    const taken = await post('/api/auth/sign-up', { fullName: 'Eve', email, password: 'eve-pass' });
    expect(visible(taken)).toEqual(visible(fresh));
    expect(visible(taken)).toMatchObject({
      status: 201,
      body: { verificationSent: true, verified: false },
      cookies: [],
    });

    const note = await latestEmail(doppel, email);
    expect(note).toMatchObject({
      kind: 'account_exists',
      subject: 'Quelqu’un a essayé de s’inscrire à Doppel avec votre adresse',
    });
    expect(note!.textBody).toContain('Bonjour Odile Roux');
    expect(note!.textBody).toContain('http://doppel.test/auth\n');
    expect(note!.textBody).toMatch(/http:\/\/doppel\.test\/auth\/reset\?token=[\w-]{40,}/);

    // Nothing about the account changed: its password and name are the owner's.
    expect((await post('/api/auth/sign-in', { email, password: 'eve-pass' })).statusCode).toBe(400);
    const owner = await post('/api/auth/sign-in', { email, password: 'owner-pass' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user).toMatchObject({ fullName: 'Odile Roux' });

    // The note's reset link works, for an owner who came to sign up because they forgot.
    const token = await emailedToken(doppel, email, 'account_exists');
    expect((await post('/api/auth/reset-password', { token, password: 'remembered' })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in', { email, password: 'remembered' })).statusCode).toBe(200);
  });

  it('leaves an unconfirmed account’s password alone; the note’s reset link confirms it', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { fullName: 'First', email, password: 'first-pass' });
    const again = await post('/api/auth/sign-up', { fullName: 'Second', email, password: 'second-pass' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ verificationSent: true, verified: false });
    expect((await latestEmail(doppel, email))?.kind).toBe('account_exists');

    // Whoever signed up second did not get their password onto the account.
    expect((await post('/api/auth/sign-in', { email, password: 'second-pass' })).json().error.code).toBe(
      'invalid_credentials',
    );
    expect((await post('/api/auth/sign-in', { email, password: 'first-pass' })).json().error.code).toBe(
      'email_not_verified',
    );
    const token = await emailedToken(doppel, email, 'account_exists');
    expect((await post('/api/auth/reset-password', { token, password: 'chosen-pass' })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in', { email, password: 'chosen-pass' })).statusCode).toBe(200);
  });

  it('two sign-ups of one new address at once make one account and both answer 201', async () => {
    const email = uniqueEmail();
    const both = await Promise.all(
      ['one', 'two'].map((password) =>
        post('/api/auth/sign-up', { fullName: 'Twin', email, password: `${password}-pass` }),
      ),
    );
    expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
    const { emailOutbox, eq, users } = await import('@doppel/db');
    expect(await doppel.ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const kinds = (
      await doppel.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))
    ).map((row) => row.kind);
    expect(kinds.sort()).toEqual(['account_exists', 'verify_email']);
  });

  it('takes about as long for a registered address as for a new one: the password is hashed either way', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { fullName: 'Timed', email, password: 'timed-pass' });
    const timed = async (address: string) => {
      const started = performance.now();
      await post('/api/auth/sign-up', { fullName: 'Timed', email: address, password: 'timed-pass' });
      return performance.now() - started;
    };
    // In turns, so that a busy machine slows both kinds alike; medians of 9.
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 9; i++) {
      fresh.push(await timed(uniqueEmail()));
      taken.push(await timed(email));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[4]!;
    // With the hash a taken address answers in about 3/4 of a new one's time; without it
    // (no argon2id at all) in under half.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.6);
  });
});

describe('sign-in and email verification', () => {
  it('refuses an unverified account, then signs in after the emailed link is opened', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { fullName: 'Vera', email, password: 'secret1' });
    const early = await post('/api/auth/sign-in', { email, password: 'secret1' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({ code: 'email_not_verified', message: 'Email not confirmed' });

    const token = await emailedToken(doppel, email, 'verify_email');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    // A verification link works once.
    expect((await post('/api/auth/verify-email', { token })).json().error.code).toBe('invalid_token');

    const signedIn = await post('/api/auth/sign-in', { email, password: 'secret1' });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json();
    expect(session.user).toMatchObject({ email, name: 'Vera', emailVerified: true, isDemo: false });
    const expiresInMs = new Date(session.expiresAt).getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(14 * 60 * 1000);
    expect(expiresInMs).toBeLessThanOrEqual(15 * 60 * 1000);
    const cookie = signedIn.cookies.find((c) => c.name === 'doppel_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });

    const me = await doppel.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.json()).toMatchObject({ email, name: 'Vera' });
  });

  it('answers a wrong password and an unknown email with the same provider message', async () => {
    const user = await signedInUser(doppel);
    const wrong = await post('/api/auth/sign-in', { email: user.email, password: 'wrong password' });
    const unknown = await post('/api/auth/sign-in', { email: uniqueEmail(), password: 'whatever' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid login credentials');
  });

  it('resends a verification link only to unverified accounts', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { fullName: 'Re', email, password: 'secret1' });
    const first = await emailedToken(doppel, email, 'verify_email');
    expect((await post('/api/auth/resend-verification', { email })).statusCode).toBe(200);
    const second = await emailedToken(doppel, email, 'verify_email');
    expect(second).not.toBe(first);
    // The older link stops working once a new one is sent.
    expect((await post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const user = await signedInUser(doppel);
    const first = await post('/api/auth/refresh', undefined, { cookie: user.refreshToken });
    expect(first.statusCode).toBe(200);
    const rotated = cookieValue(first, 'doppel_refresh');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(user.refreshToken);
    expect(first.json().user.id).toBe(user.userId);
    const second = await post('/api/auth/refresh', undefined, { cookie: rotated });
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole session family when an old refresh token is reused', async () => {
    const user = await signedInUser(doppel);
    const first = await post('/api/auth/refresh', undefined, { cookie: user.refreshToken });
    const current = cookieValue(first, 'doppel_refresh');
    const accessToken = first.json().accessToken as string;

    const replay = await post('/api/auth/refresh', undefined, { cookie: user.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('session_expired');

    // The legitimate holder's newest token and access token are dead too.
    expect((await post('/api/auth/refresh', undefined, { cookie: current })).statusCode).toBe(401);
    const me = await doppel.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a refresh without a cookie or with an unknown token', async () => {
    expect((await post('/api/auth/refresh', undefined)).json().error.code).toBe('unauthorized');
    expect((await post('/api/auth/refresh', undefined, { cookie: 'made-up-token' })).statusCode).toBe(401);
  });

  it('sign-out ends the session for both tokens and clears the cookie', async () => {
    const user = await signedInUser(doppel);
    const out = await post('/api/auth/sign-out', undefined, {
      cookie: user.refreshToken,
      bearer: user.accessToken,
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'doppel_refresh')?.value).toBe('');
    expect((await post('/api/auth/refresh', undefined, { cookie: user.refreshToken })).statusCode).toBe(401);
    const me = await doppel.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('emails a reset link, sets the new password and ends every other session', async () => {
    const user = await signedInUser(doppel);
    const otherDevice = await post('/api/auth/sign-in', { email: user.email, password: user.password });
    const otherRefresh = cookieValue(otherDevice, 'doppel_refresh');

    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const token = await emailedToken(doppel, user.email, 'reset_password');
    const tooShort = await post('/api/auth/reset-password', { token, password: '123' });
    expect(tooShort.json().error.fields).toEqual({ password: 'passwordTooShort' });

    expect((await post('/api/auth/reset-password', { token, password: 'brand new pass' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/refresh', undefined, { cookie: user.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', undefined, { cookie: otherRefresh })).statusCode).toBe(401);
    const me = await doppel.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(me.statusCode).toBe(401);

    expect((await post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/auth/sign-in', { email: user.email, password: 'brand new pass' })).statusCode,
    ).toBe(200);
    // The link is single-use.
    expect(
      (await post('/api/auth/reset-password', { token, password: 'another pass' })).json().error.code,
    ).toBe('invalid_token');
  });

  it('answers an unknown address the same way without sending anything', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    await expect(emailedToken(doppel, email, 'reset_password')).rejects.toThrow(/no reset_password email/);
  });
});
