import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import {
  createTestApp,
  emailedToken,
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

const authed = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('profile', () => {
  it('needs a session', async () => {
    const response = await doppel.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('saves a new name, and falls back to the email name rule', async () => {
    const user = await signedInUser(doppel);
    const renamed = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(user.accessToken),
      payload: { fullName: '  Maria Petrova ' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Maria Petrova', fullName: 'Maria Petrova' });
    const reread = await doppel.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authed(user.accessToken),
    });
    expect(reread.json().name).toBe('Maria Petrova');

    const blank = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(user.accessToken),
      payload: { fullName: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ fullName: 'nameRequired' });
  });

  it('rejects fields it does not own instead of writing them', async () => {
    const user = await signedInUser(doppel);
    const response = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(user.accessToken),
      payload: { isDemo: true, fullName: 'Sneaky' },
    });
    expect(response.statusCode).toBe(400);
    const me = await doppel.app.inject({ method: 'GET', url: '/api/me', headers: authed(user.accessToken) });
    expect(me.json()).toMatchObject({ isDemo: false, name: 'Test User' });
  });

  it('changes the email only after the new address confirms it', async () => {
    const user = await signedInUser(doppel);
    const newEmail = uniqueEmail('new');
    const pending = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(user.accessToken),
      payload: { email: newEmail },
    });
    expect(pending.json()).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const token = await emailedToken(doppel, newEmail, 'change_email');
    const confirmed = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      remoteAddress: uniqueIp(),
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    const me = await doppel.app.inject({ method: 'GET', url: '/api/me', headers: authed(user.accessToken) });
    expect(me.json()).toMatchObject({ email: newEmail, pendingEmail: null });
    const signIn = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      payload: { email: newEmail, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an address another account uses', async () => {
    const first = await signedInUser(doppel);
    const second = await signedInUser(doppel);
    const response = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(second.accessToken),
      payload: { email: first.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('email_taken');
  });
});
