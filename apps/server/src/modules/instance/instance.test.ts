import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, eq, openDatabase, sql, users, type Database } from '@doppel/db';
import { buildApp, type DoppelApp } from '../../app';
import { emailedToken, signedInUser, testConfig, uniqueIp } from '../../test-support/test-app';

/*
 * A fresh self-hosted instance (issue 23): its first account owns it and, without SMTP, is ready
 * without a link; the owner sees every account with this month's usage and sets their quotas.
 * Each describe opens a database of its own, because "first" means first on the instance.
 */

async function freshInstance(config: Parameters<typeof testConfig>[0] = {}) {
  const database = await openDatabase({ kind: 'pglite-memory' });
  const doppel = await buildApp({ config: testConfig(config), database, logger: false });
  await doppel.app.ready();
  return { database, doppel };
}

function signUp(doppel: DoppelApp, email: string) {
  return doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: uniqueIp(),
    payload: { fullName: email.split('@')[0], email, password: 'correct horse' },
  });
}

function signIn(doppel: DoppelApp, email: string) {
  return doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: uniqueIp(),
    payload: { email, password: 'correct horse' },
  });
}

function call(
  doppel: DoppelApp,
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return doppel.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}

async function spend(database: Database, userId: string, tokens: number) {
  await database.db.execute(sql`
    insert into token_usage (user_id, model, provider, purpose, prompt_tokens, completion_tokens)
    values (${userId}, 'gpt-test', 'openai', 'analysis', ${tokens}, 0)`);
}

describe('a fresh instance without SMTP', () => {
  let database: Database;
  let doppel: DoppelApp;
  beforeAll(async () => {
    ({ database, doppel } = await freshInstance());
  });
  afterAll(async () => {
    await doppel.app.close();
    await database.close();
  });

  it('makes the first account its owner, ready without a link, on the self-hosted plan', async () => {
    const before = await doppel.app.inject({ method: 'GET', url: '/api/instance' });
    expect(before.json()).toEqual({ emailDelivery: false, hasOwner: false });

    const created = await signUp(doppel, 'owner@example.com');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ verificationSent: false, verified: true });
    // Nothing was "sent" to the log for this one: there is no link to follow.
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'owner@example.com')),
    ).toEqual([]);

    const signedIn = await signIn(doppel, 'owner@example.com');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ accessToken: string }>().accessToken;
    const plan = (await call(doppel, token, 'GET', '/api/subscription')).json();
    expect(plan).toMatchObject({
      kind: 'self_hosted',
      planName: 'Self-hosted',
      priceCents: null,
      currency: null,
      nextBillingDate: null,
      paymentMethod: null,
      annualDiscountPercent: null,
      tokenQuota: 1_000_000,
      status: 'active',
      isInstanceOwner: true,
      billingEnabled: false,
      isSample: false,
    });
    const after = await doppel.app.inject({ method: 'GET', url: '/api/instance' });
    expect(after.json()).toEqual({ emailDelivery: false, hasOwner: true });
  });

  it('lets later accounts in only by link or by the owner, who sees and sets their quotas', async () => {
    const owner = (await signIn(doppel, 'owner@example.com')).json<{
      accessToken: string;
      user: { id: string };
    }>();
    const created = await signUp(doppel, 'second@example.com');
    expect(created.json()).toEqual({ verificationSent: true, verified: false });
    expect((await signIn(doppel, 'second@example.com')).json()).toMatchObject({
      error: { code: 'email_not_verified' },
    });

    const listed = await call(doppel, owner.accessToken, 'GET', '/api/instance/users');
    expect(listed.statusCode).toBe(200);
    const second = listed
      .json<{ users: Array<{ id: string; email: string }> }>()
      .users.find((user) => user.email === 'second@example.com')!;
    expect(listed.json()).toMatchObject({
      defaultTokenQuota: 1_000_000,
      users: [
        { email: 'owner@example.com', isInstanceOwner: true, emailVerified: true, planName: 'Self-hosted' },
        { email: 'second@example.com', isInstanceOwner: false, emailVerified: false, tokensUsed: 0 },
      ],
    });

    const verified = await call(doppel, owner.accessToken, 'POST', `/api/instance/users/${second.id}/verify`);
    expect(verified.statusCode).toBe(200);
    const secondSession = (await signIn(doppel, 'second@example.com')).json<{ accessToken: string }>();
    expect(secondSession.accessToken).toBeTruthy();

    // Not the owner: the list and the quota are not theirs to see or change.
    expect((await call(doppel, secondSession.accessToken, 'GET', '/api/instance/users')).statusCode).toBe(
      403,
    );
    const grab = await call(
      doppel,
      secondSession.accessToken,
      'PUT',
      `/api/instance/users/${second.id}/quota`,
      {
        tokenQuota: 999_999_999,
      },
    );
    expect(grab.statusCode).toBe(403);

    await spend(database, second.id, 1234);
    const quota = await call(doppel, owner.accessToken, 'PUT', `/api/instance/users/${second.id}/quota`, {
      tokenQuota: 5000,
    });
    expect(quota.json<{ users: unknown[] }>().users[1]).toMatchObject({
      tokensUsed: 1234,
      tokenQuota: 5000,
      ownerTokenQuota: 5000,
    });
    expect((await call(doppel, secondSession.accessToken, 'GET', '/api/subscription')).json()).toMatchObject({
      tokenQuota: 5000,
      isInstanceOwner: false,
    });

    // A new default reaches everyone the owner has not set a quota for, and only them.
    const defaults = await call(doppel, owner.accessToken, 'PUT', '/api/instance/default-quota', {
      defaultTokenQuota: 2_000_000,
    });
    expect(defaults.json()).toMatchObject({
      defaultTokenQuota: 2_000_000,
      users: [{ tokenQuota: 2_000_000 }, { tokenQuota: 5000 }],
    });
    const reset = await call(doppel, owner.accessToken, 'PUT', `/api/instance/users/${second.id}/quota`, {
      tokenQuota: null,
    });
    expect(reset.json<{ users: unknown[] }>().users[1]).toMatchObject({
      tokenQuota: 2_000_000,
      ownerTokenQuota: null,
    });
  });

  it('lets the owner turn off two-step sign-in for a user who lost every code', async () => {
    const owner = (await signIn(doppel, 'owner@example.com')).json<{
      accessToken: string;
      user: { id: string };
    }>();
    const second = (await signIn(doppel, 'second@example.com')).json<{
      accessToken: string;
      user: { id: string };
    }>();
    const setup = await call(doppel, second.accessToken, 'POST', '/api/me/mfa/setup', {
      password: 'correct horse',
    });
    const { secret } = setup.json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await call(doppel, second.accessToken, 'POST', '/api/me/mfa/confirm', { code })).statusCode).toBe(
      200,
    );
    expect((await signIn(doppel, 'second@example.com')).json()).toMatchObject({ mfaRequired: true });
    const listed = (await call(doppel, owner.accessToken, 'GET', '/api/instance/users')).json<{
      users: Array<{ id: string; mfaEnabled: boolean }>;
    }>();
    expect(listed.users.find((user) => user.id === second.user.id)).toMatchObject({ mfaEnabled: true });

    // Only the owner, and not for the owner's own account (that takes a code or the password).
    const byUser = await call(
      doppel,
      second.accessToken,
      'DELETE',
      `/api/instance/users/${second.user.id}/mfa`,
    );
    expect(byUser.statusCode).toBe(403);
    const own = await call(doppel, owner.accessToken, 'DELETE', `/api/instance/users/${owner.user.id}/mfa`);
    expect(own.statusCode).toBe(403);

    const reset = await call(
      doppel,
      owner.accessToken,
      'DELETE',
      `/api/instance/users/${second.user.id}/mfa`,
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ users: Array<{ id: string; mfaEnabled: boolean }> }>().users[1]).toMatchObject({
      id: second.user.id,
      mfaEnabled: false,
    });
    // The password alone signs in again.
    expect((await signIn(doppel, 'second@example.com')).json()).toHaveProperty('accessToken');
  });

  it('refuses bad quotas and unknown accounts, changing nothing', async () => {
    const owner = (await signIn(doppel, 'owner@example.com')).json<{
      accessToken: string;
      user: { id: string };
    }>();
    for (const tokenQuota of [-1, 1.5, 'lots', 3_000_000_000]) {
      const refused = await call(
        doppel,
        owner.accessToken,
        'PUT',
        `/api/instance/users/${owner.user.id}/quota`,
        {
          tokenQuota,
        },
      );
      expect(refused.statusCode).toBe(400);
    }
    const unknown = await call(
      doppel,
      owner.accessToken,
      'PUT',
      '/api/instance/users/00000000-0000-4000-8000-000000000000/quota',
      { tokenQuota: 10 },
    );
    expect(unknown.statusCode).toBe(404);
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    const demoId = demo.json<{ user: { id: string } }>().user.id;
    const sandbox = await call(doppel, owner.accessToken, 'POST', `/api/instance/users/${demoId}/verify`);
    expect(sandbox.statusCode).toBe(404);
    const listed = (await call(doppel, owner.accessToken, 'GET', '/api/instance/users')).json<{
      users: Array<{ email: string; tokenQuota: number }>;
    }>();
    // Demo sandboxes are not accounts the owner manages, and the owner's quota did not move.
    expect(listed.users.map((user) => user.email)).toEqual(['owner@example.com', 'second@example.com']);
    expect(listed.users[0]!.tokenQuota).toBe(2_000_000);
    // A demo sandbox keeps its sample plan.
    const demoPlan = await call(
      doppel,
      demo.json<{ accessToken: string }>().accessToken,
      'GET',
      '/api/subscription',
    );
    expect(demoPlan.json()).toMatchObject({ kind: 'sample', isSample: true, planName: 'Pro Plan' });
  });
});

describe('a fresh instance with SMTP', () => {
  let database: Database;
  let doppel: DoppelApp;
  beforeAll(async () => {
    // Mail is only recorded and queued here; no job runs, so the address need not answer.
    ({ database, doppel } = await freshInstance({ smtpUrl: 'smtp://127.0.0.1:9' }));
  });
  afterAll(async () => {
    await doppel.app.close();
    await database.close();
  });

  it('still verifies the first account by link, and makes exactly one owner of two racing sign-ups', async () => {
    expect((await doppel.app.inject({ method: 'GET', url: '/api/instance' })).json()).toEqual({
      emailDelivery: true,
      hasOwner: false,
    });
    const [a, b] = await Promise.all([signUp(doppel, 'a@example.com'), signUp(doppel, 'b@example.com')]);
    expect(a.json()).toEqual({ verificationSent: true, verified: false });
    expect(b.json()).toEqual({ verificationSent: true, verified: false });
    await emailedToken(doppel, 'a@example.com', 'verify_email');
    const owners = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.isInstanceOwner, true));
    expect(owners).toHaveLength(1);
  });
});

describe('the shared test instance', () => {
  it('already has its owner, so a signed-up user is an ordinary account', async () => {
    const { createTestApp } = await import('../../test-support/test-app');
    const doppel = await createTestApp();
    const user = await signedInUser(doppel);
    const plan = await call(doppel, user.accessToken, 'GET', '/api/subscription');
    expect(plan.json()).toMatchObject({ kind: 'self_hosted', isInstanceOwner: false });
    await doppel.app.close();
  });
});
