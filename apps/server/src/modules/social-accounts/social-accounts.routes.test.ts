import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendTaskMessageResult, SocialAccount, SocialAccountList, Task } from '@doppel/contracts';
import { and, eq, socialAccounts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { connectSocialAccount, socialConfig } from '../../test-support/fake-social/connect';
import { startFakeLinkedIn, type FakeLinkedIn } from '../../test-support/fake-social/linkedin';
import { startFakeReddit, type FakeReddit } from '../../test-support/fake-social/reddit';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';

/*
 * Reddit and LinkedIn accounts end to end against fakes that speak the platforms' OAuth and APIs
 * (test-support/fake-social): Connect → the consent page → the callback → a connected account;
 * Publish → a post or comment on the platform → its link on the task. And what goes wrong: a
 * declined consent, a forged or replayed state, missing scopes, revoked tokens, refusals.
 */

let doppel: DoppelApp;
/** A second server without its own Reddit app: users enter theirs. */
let bare: DoppelApp;
let reddit: FakeReddit;
let linkedin: FakeLinkedIn;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));

beforeAll(async () => {
  reddit = await startFakeReddit();
  linkedin = await startFakeLinkedIn();
  doppel = await createTestApp({ clock, config: socialConfig({ reddit, linkedin }) });
  bare = await createTestApp({ clock, config: socialConfig({ reddit, linkedin }, { serverApps: false }) });
});
afterAll(async () => {
  await doppel.app.close();
  await bare.app.close();
  await reddit.close();
  await linkedin.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (
  app: DoppelApp,
  user: User,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function accountOf(
  app: DoppelApp,
  user: User,
  platform: 'reddit' | 'linkedin',
): Promise<SocialAccount> {
  const list = (await call(app, user, 'GET', '/api/social-accounts')).json<SocialAccountList>();
  return list.items.find((item) => item.platform === platform)!;
}

async function createTask(user: User, body: object): Promise<Task> {
  const response = await call(doppel, user, 'POST', '/api/tasks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

async function send(user: User, taskId: string, body: object) {
  return call(doppel, user, 'POST', `/api/tasks/${taskId}/send`, body);
}

describe('connecting a Reddit account', () => {
  it('Connect → consent → callback: connected as the Reddit user; tokens never leave the server', async () => {
    const user = await signedInUser(doppel);
    expect(await accountOf(doppel, user, 'reddit')).toMatchObject({
      state: 'disconnected',
      accountName: null,
      app: { source: 'server', clientId: null },
      redirectUri: 'http://doppel.test/oauth/reddit/callback',
    });
    const started = await call(doppel, user, 'POST', '/api/social-accounts/reddit/connect');
    expect(started.statusCode).toBe(200);
    const authorize = new URL(started.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${reddit.baseUrl}/api/v1/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: reddit.app.clientId,
      response_type: 'code',
      duration: 'permanent',
      scope: 'identity read submit',
      redirect_uri: 'http://doppel.test/oauth/reddit/callback',
    });
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);

    reddit.setUser({ id: 'abc123', name: 'founder_dana' });
    const back = new URL(await reddit.consent(authorize.toString(), 'allow'));
    const done = await call(doppel, user, 'POST', '/api/social-accounts/reddit/callback', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SocialAccount>()).toMatchObject({
      state: 'connected',
      accountName: 'founder_dana',
      problem: null,
    });
    // The code was exchanged with the app's credentials as HTTP Basic, and a User-Agent.
    const exchange = reddit.requests.find((request) => request.path === '/api/v1/access_token')!;
    expect(exchange.form.get('grant_type')).toBe('authorization_code');
    expect(exchange.headers['user-agent']).toMatch(/^server:doppel:/);

    // Replaying the same callback is refused: the state was used up.
    const replay = await call(doppel, user, 'POST', '/api/social-accounts/reddit/callback', {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: { code: 'oauth_state_mismatch' } });
    expect((await accountOf(doppel, user, 'reddit')).state).toBe('connected');

    // Sealed at rest: the row holds no token in the clear, and no answer carries one.
    const [row] = await doppel.ctx.db
      .select({ tokens: socialAccounts.tokens })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, user.userId), eq(socialAccounts.platform, 'reddit')));
    expect(row!.tokens).toMatch(/^v1\./);
    expect(row!.tokens).not.toMatch(/reddit-(access|refresh)-/);
    expect(JSON.stringify((await call(doppel, user, 'GET', '/api/social-accounts')).json())).not.toMatch(
      /reddit-(access|refresh)-/,
    );
  });

  it('a state that is not the one this user was given is refused and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const started = await call(doppel, other, 'POST', '/api/social-accounts/reddit/connect');
    const back = new URL(
      await reddit.consent(started.json<{ authorizeUrl: string }>().authorizeUrl, 'allow'),
    );
    // Another user's callback (a login-CSRF attempt), a made-up state, and an expired one.
    await call(doppel, user, 'POST', '/api/social-accounts/reddit/connect');
    for (const state of [back.searchParams.get('state')!, 'made-up-state']) {
      const refused = await call(doppel, user, 'POST', '/api/social-accounts/reddit/callback', {
        state,
        code: back.searchParams.get('code'),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'oauth_state_mismatch' } });
    }
    expect((await accountOf(doppel, user, 'reddit')).state).toBe('disconnected');

    const late = await call(doppel, other, 'POST', '/api/social-accounts/reddit/connect');
    const lateBack = new URL(
      await reddit.consent(late.json<{ authorizeUrl: string }>().authorizeUrl, 'allow'),
    );
    clock.advance(11 * 60_000);
    const expired = await call(doppel, other, 'POST', '/api/social-accounts/reddit/callback', {
      state: lateBack.searchParams.get('state'),
      code: lateBack.searchParams.get('code'),
    });
    expect(expired.json()).toMatchObject({ error: { code: 'oauth_state_mismatch' } });
    expect((await accountOf(doppel, other, 'reddit')).state).toBe('disconnected');
  });

  it('Deny on the consent page, or fewer scopes than asked, connects nothing and says why', async () => {
    const user = await signedInUser(doppel);
    const denied = await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit, 'deny');
    expect(denied.redirect.searchParams.get('error')).toBe('access_denied');
    expect(denied.response.statusCode).toBe(400);
    expect(denied.response.json()).toMatchObject({ error: { code: 'oauth_consent_denied' } });
    expect((await accountOf(doppel, user, 'reddit')).state).toBe('disconnected');

    reddit.grantOnly(['identity', 'read']);
    try {
      const partial = await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
      expect(partial.response.json()).toMatchObject({ error: { code: 'oauth_scope_missing' } });
    } finally {
      reddit.grantOnly(null);
    }
    expect((await accountOf(doppel, user, 'reddit')).state).toBe('disconnected');
  });

  it('without a server app, the user enters their own; its secret is never shown; a wrong one is refused', async () => {
    const user = await signedInUser(bare);
    expect((await accountOf(bare, user, 'reddit')).app).toEqual({ source: 'none', clientId: null });
    const noApp = await call(bare, user, 'POST', '/api/social-accounts/reddit/connect');
    expect(noApp.statusCode).toBe(409);
    expect(noApp.json()).toMatchObject({ error: { code: 'social_app_required' } });

    const empty = await call(bare, user, 'PUT', '/api/social-accounts/reddit/app', {
      clientId: ' ',
      clientSecret: '',
    });
    expect(empty.statusCode).toBe(400);
    const wrong = await call(bare, user, 'PUT', '/api/social-accounts/reddit/app', {
      clientId: reddit.app.clientId,
      clientSecret: 'not-the-secret',
    });
    expect(wrong.json<SocialAccount>().app).toEqual({ source: 'user', clientId: reddit.app.clientId });
    expect(wrong.body).not.toContain('not-the-secret');
    const refused = await connectSocialAccount(bare.app, user.accessToken, 'reddit', reddit);
    expect(refused.response.statusCode).toBe(502);
    expect(refused.response.json()).toMatchObject({ error: { code: 'oauth_token_refused' } });

    await call(bare, user, 'PUT', '/api/social-accounts/reddit/app', reddit.app);
    const connected = await connectSocialAccount(bare.app, user.accessToken, 'reddit', reddit);
    expect(connected.account).toMatchObject({ state: 'connected', app: { source: 'user' } });

    // Removing the app disconnects the account it authorized.
    const removed = await call(bare, user, 'DELETE', '/api/social-accounts/reddit/app');
    expect(removed.json<SocialAccount>()).toMatchObject({ state: 'disconnected', app: { source: 'none' } });
  });

  it('a demo sandbox cannot connect', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: '10.9.8.7' });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const refused = await doppel.app.inject({
      method: 'POST',
      url: '/api/social-accounts/reddit/connect',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'demo_restricted' } });
  });
});

describe('publishing on Reddit', () => {
  it('a reddit_post is submitted with its title and subreddit; the task keeps the permalink', async () => {
    const user = await signedInUser(doppel);
    reddit.setSubreddit('SaaS', { posts: [] });
    const task = await createTask(user, {
      title: 'Start a discussion',
      type: 'reddit_post',
      context: { triggerData: { platform: 'reddit', community: 'r/SaaS' } },
    });
    // Not connected: the post is the user's to publish by hand, as before.
    const manual = await send(user, task.id, { text: 'How do you onboard?', kind: 'discussion' });
    expect(manual.json<SendTaskMessageResult>().delivery).toEqual({
      status: 'to_send_manually',
      channel: 'reddit',
    });
    expect(reddit.submissions).toHaveLength(0);

    await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
    const second = await createTask(user, {
      title: 'Start a discussion',
      type: 'reddit_post',
      context: { triggerData: { platform: 'reddit', community: 'r/SaaS' } },
    });
    const untitled = await send(user, second.id, { text: 'How do you onboard?', kind: 'discussion' });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { postTitle: 'postTitleRequired' } },
    });

    const published = await send(user, second.id, {
      text: 'How do you onboard new customers?',
      kind: 'discussion',
      postTitle: 'Onboarding: what works for you?',
    });
    expect(published.statusCode, published.body).toBe(200);
    const result = published.json<SendTaskMessageResult>();
    const submission = reddit.submissions.at(-1)!;
    expect(submission).toMatchObject({
      subreddit: 'SaaS',
      title: 'Onboarding: what works for you?',
      text: 'How do you onboard new customers?',
    });
    expect(result.delivery).toEqual({ status: 'sent', channel: 'reddit' });
    expect(result.task.status).toBe('completed');
    expect(result.task.context.delivery).toMatchObject({
      status: 'sent',
      link: submission.url,
      postTitle: 'Onboarding: what works for you?',
      community: 'r/SaaS',
    });
  });

  it('a reddit_comment answers the original post; locked, removed, banned and rate limited are told apart', async () => {
    const user = await signedInUser(doppel);
    await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('Founders', {
      posts: [
        { id: 'open1', title: 'Which CRM?', createdUtc: now - 60 },
        { id: 'lock1', title: 'Old thread', createdUtc: now - 60, locked: true },
        { id: 'gone1', title: 'Removed', createdUtc: now - 60, removed: true },
      ],
    });
    reddit.setSubreddit('NoFounders', {
      posts: [{ id: 'ban1', title: 'Banned here', createdUtc: now - 60 }],
      banned: true,
    });
    const commentTask = (postId: string) =>
      createTask(user, {
        title: 'Comment',
        type: 'reddit_comment',
        context: {
          triggerType: 'social_comment',
          triggerData: { platform: 'reddit', community: 'r/Founders', postId },
        },
      });

    const cases = [
      ['t3_lock1', 'locked', 'THREAD_LOCKED: Comments are locked.'],
      ['t3_gone1', 'removed', 'DELETED_LINK: the link you are commenting on has been deleted'],
      ['t3_ban1', 'banned', undefined],
    ] as const;
    for (const [postId, reason, serverReply] of cases) {
      const task = await commentTask(postId);
      const answer = await send(user, task.id, { text: 'We use a spreadsheet.', kind: 'expert' });
      const result = answer.json<SendTaskMessageResult>();
      expect(result.delivery.status).toBe('failed');
      expect(result.task.status).toBe('pending');
      expect(result.task.responses.expert).toBe('We use a spreadsheet.');
      expect(result.task.context.delivery).toMatchObject({
        status: 'failed',
        reason,
        ...(serverReply ? { serverReply } : {}),
      });
    }

    const task = await commentTask('t3_open1');
    reddit.rateLimitNextWrite(9);
    const limited = (
      await send(user, task.id, { text: 'Try Pipedrive.', kind: 'expert' })
    ).json<SendTaskMessageResult>();
    expect(limited.task.context.delivery).toMatchObject({
      status: 'failed',
      reason: 'rate_limited',
      retryAfterSeconds: 540,
    });
    expect(reddit.comments.filter((comment) => comment.thingId === 't3_open1')).toHaveLength(0);

    // Retry sends the kept text once; the comment's permalink lands on the task.
    const retried = await call(doppel, user, 'POST', `/api/tasks/${task.id}/delivery/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const posted = reddit.comments.filter((comment) => comment.thingId === 't3_open1');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.text).toBe('Try Pipedrive.');
    expect(retried.json<SendTaskMessageResult>().task.context.delivery).toMatchObject({
      status: 'sent',
      link: posted[0]!.url,
    });
  });

  it('a post whose answer never comes is "may not have been published", never sent again on its own', async () => {
    const user = await signedInUser(doppel);
    await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
    reddit.setSubreddit('Uncertain', { posts: [] });
    const task = await createTask(user, { title: 'Post', type: 'reddit_post' });
    const before = reddit.submissions.length;
    reddit.failNext({ status: 502, body: 'Bad Gateway' });
    const answer = (
      await send(user, task.id, {
        text: 'Hello',
        kind: 'discussion',
        postTitle: 'Hi',
        community: 'r/Uncertain',
      })
    ).json<SendTaskMessageResult>();
    expect(answer.delivery.status).toBe('unknown');
    expect(answer.task.status).toBe('pending');
    // One attempt: the 502 was not followed by a second submit.
    expect(
      reddit.requests.filter(
        (request) => request.path === '/api/submit' && request.form.get('sr') === 'Uncertain',
      ),
    ).toHaveLength(1);
    expect(reddit.submissions.length).toBe(before);
    const retried = (
      await call(doppel, user, 'POST', `/api/tasks/${task.id}/delivery/retry`)
    ).json<SendTaskMessageResult>();
    expect(retried.task.context.delivery).toMatchObject({
      status: 'sent',
      community: 'r/Uncertain',
      postTitle: 'Hi',
    });
    expect(reddit.submissions.length).toBe(before + 1);
  });

  it('revoked on Reddit: Publish says to reconnect, the card shows it, and nothing is posted', async () => {
    const user = await signedInUser(doppel);
    await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
    reddit.setSubreddit('Revoked', { posts: [] });
    reddit.revokeAll();
    const task = await createTask(user, { title: 'Post', type: 'reddit_post' });
    const answer = (
      await send(user, task.id, { text: 'Hello', kind: 'discussion', postTitle: 'Hi', community: 'Revoked' })
    ).json<SendTaskMessageResult>();
    expect(answer.task.context.delivery).toMatchObject({ status: 'failed', reason: 'reconnect' });
    expect(await accountOf(doppel, user, 'reddit')).toMatchObject({
      state: 'reconnect',
      problem: 'token_refused',
    });
    // Connecting again mends it.
    const again = await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
    expect(again.account).toMatchObject({ state: 'connected', problem: null });
  });
});

describe('LinkedIn', () => {
  it('Connect with OpenID Connect; Publish posts as the member through the Posts API; the task keeps the link', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user, { title: 'Post', type: 'linkedin_post' });
    const manual = (
      await send(user, task.id, { text: 'Hello LinkedIn', kind: 'professional' })
    ).json<SendTaskMessageResult>();
    expect(manual.delivery).toEqual({ status: 'to_send_manually', channel: 'linkedin' });
    expect(linkedin.posts).toHaveLength(0);

    linkedin.setMember({ sub: 'mEmBeR42', name: 'Dana Founder' });
    const started = await call(doppel, user, 'POST', '/api/social-accounts/linkedin/connect');
    const authorize = new URL(started.json<{ authorizeUrl: string }>().authorizeUrl);
    expect(authorize.pathname).toBe('/oauth/v2/authorization');
    expect(authorize.searchParams.get('scope')).toBe('openid profile w_member_social');
    const connected = await connectSocialAccount(doppel.app, user.accessToken, 'linkedin', linkedin);
    expect(connected.account).toMatchObject({ state: 'connected', accountName: 'Dana Founder' });

    const second = await createTask(user, { title: 'Post', type: 'linkedin_post' });
    const text = 'Lessons from 100 calls (part 1) — #founders @everyone';
    const published = (
      await send(user, second.id, { text, kind: 'professional' })
    ).json<SendTaskMessageResult>();
    const post = linkedin.posts.at(-1)!;
    expect(post.author).toBe('urn:li:person:mEmBeR42');
    expect(post.version).toBe('202610');
    // Little text: the characters LinkedIn reads as markup are escaped, so the post reads as typed.
    expect(post.commentary).toBe('Lessons from 100 calls \\(part 1\\) — \\#founders \\@everyone');
    expect(published.task.context.delivery).toMatchObject({
      status: 'sent',
      link: `${linkedin.baseUrl}/feed/update/${post.urn}/`,
    });
    expect(published.task.status).toBe('completed');
  });

  it('the same post twice is refused in LinkedIn’s words; a revoked token turns the card to reconnect', async () => {
    const user = await signedInUser(doppel);
    await connectSocialAccount(doppel.app, user.accessToken, 'linkedin', linkedin);
    const first = await createTask(user, { title: 'Post', type: 'linkedin_post' });
    const second = await createTask(user, { title: 'Post', type: 'linkedin_post' });
    const text = `A post only once ${Date.now()}`;
    await send(user, first.id, { text, kind: 'professional' });
    const duplicate = (
      await send(user, second.id, { text, kind: 'professional' })
    ).json<SendTaskMessageResult>();
    expect(duplicate.task.context.delivery).toMatchObject({ status: 'failed', reason: 'rejected' });
    expect(duplicate.task.context.delivery?.serverReply).toMatch(/^Content is a duplicate of urn:li:share:/);

    linkedin.revokeAll();
    const revoked = (
      await send(user, second.id, { text: `${text}!`, kind: 'professional' })
    ).json<SendTaskMessageResult>();
    expect(revoked.task.context.delivery).toMatchObject({ status: 'failed', reason: 'reconnect' });
    expect(await accountOf(doppel, user, 'linkedin')).toMatchObject({ state: 'reconnect' });
  });

  it('Disconnect revokes the token at LinkedIn; Publish is copy-and-open again', async () => {
    const user = await signedInUser(doppel);
    await connectSocialAccount(doppel.app, user.accessToken, 'linkedin', linkedin);
    const revokes = () => linkedin.requests.filter((request) => request.path === '/oauth/v2/revoke').length;
    const before = revokes();
    const answer = await call(doppel, user, 'DELETE', '/api/social-accounts/linkedin');
    expect(answer.json<SocialAccount>()).toMatchObject({ state: 'disconnected', accountName: null });
    expect(revokes()).toBe(before + 1);
    const task = await createTask(user, { title: 'Post', type: 'linkedin_post' });
    const manual = (
      await send(user, task.id, { text: 'By hand', kind: 'professional' })
    ).json<SendTaskMessageResult>();
    expect(manual.delivery.status).toBe('to_send_manually');
  });
});
