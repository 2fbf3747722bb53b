import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import { createTestApp, latestEmail, signedInUser, uniqueEmail, uniqueIp } from '../../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

const authed = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('user settings', () => {
  it('starts with the spec defaults: auto-translate on, automatic response language, temperature 0.7', async () => {
    const user = await signedInUser(doppel);
    const settings = await doppel.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: authed(user.accessToken),
    });
    expect(settings.json()).toMatchObject({
      language: 'en',
      responseLanguage: 'auto',
      autoTranslate: true,
      theme: 'system',
      aiPreferences: { temperature: 0.7, maxTokens: 2000 },
    });
  });

  it('keeps the interface language chosen at sign-up', async () => {
    const email = uniqueEmail();
    await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: uniqueIp(),
      payload: { fullName: 'Иван', email, password: 'secret1', language: 'ru' },
    });
    expect((await latestEmail(doppel, email))?.subject).toBe('Подтвердите аккаунт Doppel');
  });

  it('takes the interface language from Accept-Language when the body names none', async () => {
    const email = uniqueEmail();
    await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: uniqueIp(),
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      payload: { fullName: 'Greta', email, password: 'secret1' },
    });
    expect((await latestEmail(doppel, email))?.subject).toBe('Bestätige dein Doppel-Konto');
  });

  it('saves language, response language and auto-translate, merging partial updates', async () => {
    const user = await signedInUser(doppel);
    const first = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: authed(user.accessToken),
      payload: { language: 'ru', responseLanguage: 'en' },
    });
    expect(first.json()).toMatchObject({ language: 'ru', responseLanguage: 'en', autoTranslate: true });
    await doppel.app.inject({
      method: 'PATCH',
      url: '/api/settings',
      headers: authed(user.accessToken),
      payload: { autoTranslate: false, aiPreferences: { temperature: 0.3 } },
    });
    const reread = await doppel.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: authed(user.accessToken),
    });
    expect(reread.json()).toMatchObject({
      language: 'ru',
      responseLanguage: 'en',
      autoTranslate: false,
      aiPreferences: { temperature: 0.3, maxTokens: 2000 },
    });
  });

  it('rejects an unknown language or an out-of-range temperature and changes nothing', async () => {
    const user = await signedInUser(doppel);
    for (const payload of [
      { language: 'it' },
      { aiPreferences: { temperature: 1.5 } },
      { language: 'ru', plan: 'free' },
    ]) {
      const response = await doppel.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: authed(user.accessToken),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const reread = await doppel.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: authed(user.accessToken),
    });
    expect(reread.json()).toMatchObject({ language: 'en', aiPreferences: { temperature: 0.7 } });
  });

  it('shows each account the honest self-hosted plan: no price, no billing date, 1,000,000 tokens', async () => {
    const user = await signedInUser(doppel);
    const plan = await doppel.app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: authed(user.accessToken),
    });
    expect(plan.json()).toEqual({
      kind: 'self_hosted',
      planName: 'Self-hosted',
      priceCents: null,
      currency: null,
      billingPeriod: null,
      annualDiscountPercent: null,
      tokenQuota: 1_000_000,
      status: 'active',
      nextBillingDate: null,
      paymentMethod: null,
      cancelAtPeriodEnd: false,
      isSample: false,
      billingEnabled: false,
      hasPaymentAccount: false,
      isInstanceOwner: false,
    });
  });

  it('counts pending tasks for the navigation badge, per user', async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const { tasks } = await import('@doppel/db');
    await doppel.ctx.db.insert(tasks).values([
      {
        userId: user.userId,
        type: 'message_reply',
        title: 'Reply to Anna',
        priority: 'high',
        status: 'pending',
      },
      { userId: user.userId, type: 'linkedin_post', title: 'Post', priority: 'low', status: 'pending' },
      { userId: user.userId, type: 'linkedin_post', title: 'Done', priority: 'low', status: 'completed' },
      { userId: other.userId, type: 'message_reply', title: 'Not mine', priority: 'low', status: 'pending' },
    ]);
    const summary = await doppel.app.inject({
      method: 'GET',
      url: '/api/shell/summary',
      headers: authed(user.accessToken),
    });
    expect(summary.json()).toEqual({ pendingTasks: 2 });
  });
});
