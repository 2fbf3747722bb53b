import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalItemList, SignalSource, SignalSourceList, Task, TaskPage } from '@doppel/contracts';
import { and, contacts, eq, jobs, signalItems, sql } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { startFakeFeedServer, type FakeFeedServer } from '../../test-support/fake-signals/fake-feed-server';
import { connectSocialAccount, socialConfig } from '../../test-support/fake-social/connect';
import { startFakeReddit, type FakeReddit } from '../../test-support/fake-social/reddit';
import { createTestApp, ManualClock, signedInUser, uniqueIp } from '../../test-support/test-app';
import { pollSignalSource, signalsPollJob } from './poll-signal-source';
import { POLL_JOB_KIND, queuedPolls } from './schedule-poll';

let doppel: DoppelApp;
let site: FakeFeedServer;
let reddit: FakeReddit;
const clock = new ManualClock(new Date('2026-03-03T10:00:00Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  site = await startFakeFeedServer();
  reddit = await startFakeReddit();
  doppel = await createTestApp({
    clock,
    config: { fetchAllowPrivateAddresses: true, ...socialConfig({ reddit }) },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await site.close();
  await reddit.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (
  user: { accessToken: string },
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

/** A fresh access token after the clock moved past the old one's 15 minutes. */
async function signInAgain(user: User): Promise<User> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: user.ip,
    payload: { email: user.email, password: user.password },
  });
  return { ...user, accessToken: response.json<{ accessToken: string }>().accessToken };
}

/** The user's Reddit account, connected through the fake's consent page: signals read with it. */
async function connectReddit(user: User) {
  const { account } = await connectSocialAccount(doppel.app, user.accessToken, 'reddit', reddit);
  expect(account?.state).toBe('connected');
}

async function addSource(user: User, body: object): Promise<SignalSource> {
  const response = await call(user, 'POST', '/api/signals/sources', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SignalSource>();
}

async function source(user: User, id: string): Promise<SignalSource> {
  const list = (await call(user, 'GET', '/api/signals/sources')).json<SignalSourceList>();
  const found = list.items.find((item) => item.id === id);
  if (!found) throw new Error('source not listed');
  return found;
}

async function tasksOf(user: User, type?: string): Promise<Task[]> {
  const response = await call(user, 'GET', `/api/tasks?limit=100${type ? `&type=${type}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<TaskPage>().items;
}

/** Runs the user's due jobs (polls) and the background work they started. */
async function runJobs(user: { userId: string }): Promise<number> {
  const ran = await doppel.ctx.jobs.runDue({ userId: user.userId });
  await doppel.ctx.background.settled();
  return ran;
}

/** A contact of the user, as a messenger or an import would leave it. */
async function addContact(user: User, contact: { name: string; company?: string; language?: string }) {
  const [row] = await doppel.ctx.db
    .insert(contacts)
    .values({ userId: user.userId, source: 'email', ...contact })
    .returning({ id: contacts.id });
  return row!;
}

async function addPersona(user: User, fields: object) {
  const response = await call(user, 'POST', '/api/personas', { name: 'Maya Chen', ...fields });
  expect(response.statusCode, response.body).toBe(201);
}

const feedPath = () => `/feeds/${randomUUID()}.xml`;
const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * 60 * MINUTE);

describe('news feeds', () => {
  it('end to end: a new feed is polled, a matching item makes exactly one rss_news task; others none', async () => {
    const user = await signedInUser(doppel);
    const contact = await addContact(user, {
      name: 'Hanna Berg',
      company: 'Nordwind Logistics',
      language: 'de',
    });
    const path = feedPath();
    site.setFeed(path, {
      format: 'rss',
      title: 'Logistics Daily',
      items: [
        {
          title: 'Nordwind Logistics opens a hub in Hamburg',
          summary: 'The <b>company</b> expands north.',
          link: 'https://news.example.com/nordwind-hub',
          guid: 'nw-1',
          published: hoursAgo(5),
        },
        { title: 'Weather turns mild', guid: 'wx-1', published: hoursAgo(4) },
      ],
    });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    expect(added).toMatchObject({
      kind: 'rss',
      name: new URL(site.baseUrl).host,
      isActive: true,
      lastFetchedAt: null,
      nextFetchAt: clock.now().toISOString(),
      itemsSeen: 0,
      isSample: false,
    });

    expect(await runJobs(user)).toBe(1);
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    const [task] = tasks;
    expect(task).toMatchObject({
      type: 'proactive_message',
      contactId: contact.id,
      title: 'News about Nordwind Logistics: Nordwind Logistics opens a hub in Hamburg',
      context: {
        triggerType: 'rss_news',
        triggerData: {
          newsTitle: 'Nordwind Logistics opens a hub in Hamburg',
          newsSource: 'Logistics Daily',
          newsUrl: 'https://news.example.com/nordwind-hub',
        },
        language: 'de',
        analyzedBy: 'offline',
      },
    });
    expect(task!.context.summary).toContain('Nordwind Logistics is in the news');
    expect(task!.context.recommendation).toMatch(/^OPPORTUNITY/);
    // Drafts in the contact's language, about the news.
    expect(task!.responses.quick).toContain('„Nordwind Logistics opens a hub in Hamburg“');
    expect(task!.responses.detailed).toMatch(/^Hallo Hanna Berg/);

    const polled = await source(user, added.id);
    expect(polled).toMatchObject({
      name: 'Logistics Daily',
      itemsSeen: 2,
      tasksCreated: 1,
      lastError: null,
      lastFetchedAt: clock.now().toISOString(),
      nextFetchAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    const items = (await call(user, 'GET', `/api/signals/sources/${added.id}/items`)).json<SignalItemList>();
    expect(items.items.map((item) => [item.title, item.taskId])).toEqual(
      expect.arrayContaining([
        ['Nordwind Logistics opens a hub in Hamburg', task!.id],
        ['Weather turns mild', null],
      ]),
    );
    // Exactly one future poll.
    expect(await queuedPolls(doppel.ctx.db, added.id)).toHaveLength(1);
  });

  it('a feed item and a Reddit post with NUL and half an emoji make their tasks, stored without them', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Ivo Marek', company: 'Kestrel Freight', language: 'en' });
    const path = feedPath();
    site.setRaw(path, {
      status: 200,
      headers: { 'content-type': 'application/feed+json' },
      body: JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Freight\u0000 Weekly',
        items: [
          {
            id: 'kf-1',
            title: 'Kestrel\u0000 Freight buys a rail yard \ud83d',
            content_text: 'The deal\u0000 closes in May.',
            url: 'https://news.example.com/kestrel',
            date_published: hoursAgo(2).toISOString(),
          },
        ],
      }),
    });
    const feed = await addSource(user, { kind: 'rss', url: site.url(path) });
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('FreightOps', {
      posts: [
        {
          id: 'fo1',
          title: 'Rail\u0000 onboarding for \udc00 drivers?',
          author: 'ana',
          createdUtc: now - 60,
        },
      ],
      rules: [],
    });
    await connectReddit(user);
    await addSource(user, { kind: 'reddit', subreddit: 'FreightOps', keywords: ['onboarding'] });
    await runJobs(user);

    expect(await source(user, feed.id)).toMatchObject({
      name: 'Freight Weekly',
      lastError: null,
      tasksCreated: 1,
    });
    const tasks = await tasksOf(user);
    expect(tasks.map((task) => task.type).sort()).toEqual(['proactive_message', 'reddit_comment']);
    const news = tasks.find((task) => task.type === 'proactive_message')!;
    expect(news.context.triggerData?.newsTitle).toBe('Kestrel Freight buys a rail yard \uFFFD');
    const comment = tasks.find((task) => task.type === 'reddit_comment')!;
    expect(comment.context.triggerData?.originalPost).toBe('Rail onboarding for \uFFFD drivers?');
  });

  it('a repeated poll makes nothing; a 304 answer does no work; a changed feed makes one more task', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Omar Haddad', company: 'Dune Robotics' });
    const path = feedPath();
    const first = {
      title: 'Dune Robotics ships its first arm',
      guid: 'https://news.example.com/dune-1',
      published: hoursAgo(2),
    };
    site.setFeed(path, { format: 'rss', title: 'Robots', items: [first] });
    const added = await addSource(user, { kind: 'rss', url: site.url(path), name: 'Robot news' });
    await runJobs(user);
    expect(await tasksOf(user)).toHaveLength(1);

    // Poll now: the site answers 304 to the validators it handed out.
    expect((await call(user, 'POST', `/api/signals/sources/${added.id}/poll`)).statusCode).toBe(202);
    expect(await queuedPolls(doppel.ctx.db, added.id)).toHaveLength(1);
    await runJobs(user);
    const conditional = site.requestsFor(path).at(-1)!;
    expect(conditional.headers['if-none-match']).toMatch(/^"/);
    expect(conditional.headers['if-modified-since']).toMatch(/GMT$/);
    const afterNotModified = await source(user, added.id);
    expect(afterNotModified).toMatchObject({
      itemsSeen: 1,
      tasksCreated: 1,
      lastError: null,
      name: 'Robot news',
    });
    expect(await tasksOf(user)).toHaveLength(1);

    // The same items served without validators: parsed, all seen already — no task.
    site.setFeed(path, { format: 'rss', title: 'Robots', items: [first], validators: 'none' });
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    expect(await tasksOf(user)).toHaveLength(1);
    expect((await source(user, added.id)).itemsSeen).toBe(1);

    // A new matching item: exactly one more task.
    site.setFeed(path, {
      format: 'rss',
      title: 'Robots',
      items: [
        {
          title: 'Dune Robotics raises a Series A',
          guid: 'https://news.example.com/dune-2',
          published: hoursAgo(1),
        },
        first,
      ],
    });
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    const tasks = await tasksOf(user);
    expect(tasks.map((task) => task.title).sort()).toEqual([
      'News about Dune Robotics: Dune Robotics raises a Series A',
      'News about Dune Robotics: Dune Robotics ships its first arm',
    ]);
    expect(await source(user, added.id)).toMatchObject({ itemsSeen: 2, tasksCreated: 2 });
  });

  it('an Atom item on the persona’s themes becomes a LinkedIn post suggestion with post-kind drafts', async () => {
    const user = await signedInUser(doppel);
    await addPersona(user, {
      expertiseAreas: ['Supply chain resilience'],
      brandTaglines: ['We build the tools that keep your supply chain calm.'],
    });
    const path = feedPath();
    site.setFeed(path, {
      format: 'atom',
      title: 'Ops Weekly',
      items: [
        {
          title: 'Why supply-chain resilience matters in 2026',
          summary: '<p>Lessons from the last crisis.</p>',
          link: 'https://ops.example.com/resilience',
          guid: 'urn:ops:1',
          published: hoursAgo(3),
        },
      ],
    });
    // "supply-chain" and "supply chain" differ; the source's own keyword catches it.
    await addSource(user, { kind: 'rss', url: site.url(path), keywords: ['supply-chain resilience'] });
    await runJobs(user);
    const [task, ...rest] = await tasksOf(user);
    expect(rest).toHaveLength(0);
    expect(task).toMatchObject({
      type: 'linkedin_post',
      contactId: null,
      context: {
        triggerType: 'rss_news',
        triggerData: { newsSource: 'Ops Weekly', newsUrl: 'https://ops.example.com/resilience' },
      },
    });
    expect(task!.context.summary).toContain('Matches your theme “supply-chain resilience”');
    expect(Object.keys(task!.responses).sort()).toEqual(['insight', 'professional', 'story']);
    expect(task!.responses.professional).toContain('Why supply-chain resilience matters in 2026');
    expect(task!.responses.insight).toContain('We build the tools that keep your supply chain calm.');
  });

  it('on the first poll only items from the last 3 days make tasks; older ones are only recorded', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Lea Vogt', company: 'Kestrel Bank' });
    const path = feedPath();
    site.setFeed(path, {
      format: 'rss',
      title: 'Banking',
      items: [
        { title: 'Kestrel Bank names a new CEO', guid: 'kb-new', published: hoursAgo(30) },
        { title: 'Kestrel Bank results', guid: 'kb-old', published: hoursAgo(24 * 10) },
        { title: 'Kestrel Bank undated note', guid: 'kb-undated' },
      ],
    });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    await runJobs(user);
    expect((await tasksOf(user)).map((task) => task.title)).toEqual([
      'News about Kestrel Bank: Kestrel Bank names a new CEO',
    ]);
    expect(await source(user, added.id)).toMatchObject({ itemsSeen: 3, tasksCreated: 1 });
  });

  it('a broken feed sets lastError without failing the job, and the next poll is scheduled with back-off', async () => {
    const user = await signedInUser(doppel);
    const path = feedPath();
    site.setRaw(path, {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>Not a feed</html>',
    });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    expect(await runJobs(user)).toBe(1);
    const broken = await source(user, added.id);
    expect(broken).toMatchObject({
      // A code the card words in the user's language, never an English sentence.
      lastError: 'feed_unreadable',
      lastFetchedAt: null,
      itemsSeen: 0,
      nextFetchAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    // The job finished (no failed or retried job is left), and exactly one poll waits.
    const leftovers = await doppel.ctx.db
      .select({ status: jobs.status, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, POLL_JOB_KIND), sql`${jobs.payload}->>'sourceId' = ${added.id}`));
    expect(leftovers).toEqual([{ status: 'queued', runAt: new Date(broken.nextFetchAt!) }]);

    // A server error the second time: a code, never the body; the wait doubles.
    site.setRaw(path, { status: 500, body: 'Traceback: secret' });
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    const failing = await source(user, added.id);
    expect(failing.lastError).toBe('feed_http_status');
    expect(failing.nextFetchAt).toBe(new Date(clock.now().getTime() + 60 * MINUTE).toISOString());

    // Fixed: the error clears.
    site.setFeed(path, { format: 'rss', title: 'Fixed', items: [] });
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    expect(await source(user, added.id)).toMatchObject({ lastError: null, name: 'Fixed' });
  });

  it('a feed’s problem is a code telling what the user can do: gone, forbidden, a redirect loop', async () => {
    const user = await signedInUser(doppel);
    const path = feedPath();
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    const pollAgain = async () => {
      await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
      await runJobs(user);
      return (await source(user, added.id)).lastError;
    };
    site.setRaw(path, { status: 404, body: 'Not Found' });
    await runJobs(user);
    expect((await source(user, added.id)).lastError).toBe('feed_not_found');
    site.setRaw(path, { status: 410, body: 'Gone' });
    expect(await pollAgain()).toBe('feed_not_found');
    site.setRaw(path, { status: 403, body: 'Forbidden' });
    expect(await pollAgain()).toBe('feed_forbidden');
    site.setRaw(path, { status: 429, body: 'Slow down' });
    expect(await pollAgain()).toBe('feed_http_status');
    // The feed redirects to itself.
    site.setRaw(path, { status: 302, headers: { location: site.url(path) } });
    expect(await pollAgain()).toBe('feed_redirects');
    // Redirected to something that is not a web address.
    site.setRaw(path, { status: 301, headers: { location: 'file:///etc/passwd' } });
    expect(await pollAgain()).toBe('feed_refused');
  });

  it('a feed on a private address is refused with a code, unless the install allows private ones', async () => {
    const guarded = await createTestApp({ clock, config: { fetchAllowPrivateAddresses: false } });
    try {
      const user = await signedInUser(guarded);
      const path = feedPath();
      site.setFeed(path, { format: 'rss', title: 'Local news', items: [] });
      const headers = { authorization: `Bearer ${user.accessToken}` };
      const created = await guarded.app.inject({
        method: 'POST',
        url: '/api/signals/sources',
        headers,
        payload: { kind: 'rss', url: site.url(path) },
      });
      expect(created.statusCode, created.body).toBe(201);
      await guarded.ctx.jobs.runDue({ userId: user.userId });
      await guarded.ctx.background.settled();
      const listed = (
        await guarded.app.inject({ method: 'GET', url: '/api/signals/sources', headers })
      ).json<SignalSourceList>();
      expect(listed.items).toEqual([
        expect.objectContaining({ id: created.json<SignalSource>().id, lastError: 'feed_refused' }),
      ]);
      expect(site.requestsFor(path)).toEqual([]);
    } finally {
      await guarded.app.close();
    }
  });

  it('a poll that failed on every attempt leaves a code, not a sentence', async () => {
    const user = await signedInUser(doppel);
    const path = feedPath();
    site.setFeed(path, { format: 'rss', title: 'Steady', items: [] });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    await signalsPollJob(doppel.ctx).onFailed!(
      { userId: user.userId, sourceId: added.id },
      new Error('connection terminated'),
    );
    expect((await source(user, added.id)).lastError).toBe('poll_failed');
  });

  it('two polls of the same source at once make one task per item', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Ines Duarte', company: 'Porto Foods' });
    const path = feedPath();
    site.setFeed(path, {
      format: 'rss',
      title: 'Food',
      items: [{ title: 'Porto Foods buys a rival', guid: 'pf-1', published: hoursAgo(1) }],
    });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    await Promise.all([
      pollSignalSource(doppel.ctx, user.userId, added.id),
      pollSignalSource(doppel.ctx, user.userId, added.id),
    ]);
    await doppel.ctx.background.settled();
    expect(await tasksOf(user)).toHaveLength(1);
    const rows = await doppel.ctx.db.select().from(signalItems).where(eq(signalItems.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(await queuedPolls(doppel.ctx.db, added.id)).toHaveLength(1);
  });

  it('refuses a feed address that is not http(s), and the same feed twice', async () => {
    const user = await signedInUser(doppel);
    const bad = await call(user, 'POST', '/api/signals/sources', {
      kind: 'rss',
      url: 'ftp://example.com/feed',
    });
    expect(bad.statusCode).toBe(400);
    const path = feedPath();
    site.setFeed(path, { format: 'rss', title: 'Once', items: [] });
    await addSource(user, { kind: 'rss', url: site.url(path) });
    const twice = await call(user, 'POST', '/api/signals/sources', { kind: 'rss', url: site.url(path) });
    expect(twice.statusCode).toBe(409);
    // The reason is what the web app words; the English message stays for API clients.
    expect(twice.json().error).toEqual({
      code: 'conflict',
      message: 'You already follow this feed.',
      reason: 'already_following_feed',
    });
  });
});

describe('Reddit', () => {
  it('a new post with a keyword becomes one reddit_comment task; the rules say whether a comment is welcome', async () => {
    const user = await signedInUser(doppel);
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('SaaSFounders', {
      posts: [
        {
          id: 'abc1',
          title: 'How do you handle onboarding emails?',
          selftext: 'Our onboarding drip feels spammy. Ideas?',
          author: 'jane_doe',
          createdUtc: now - 600,
        },
        { id: 'abc2', title: 'Show your desk setup', author: 'bob', createdUtc: now - 300 },
        {
          id: 'abc3',
          title: 'Weekly onboarding thread',
          author: 'mod',
          createdUtc: now - 200,
          stickied: true,
        },
      ],
      rules: [{ short_name: 'No self-promotion', description: 'Advertising gets you banned.' }],
    });
    reddit.setSubreddit('CustomerSuccess', {
      posts: [{ id: 'cs1', title: 'Onboarding checklist that works', author: 'kim', createdUtc: now - 100 }],
      rules: [{ short_name: 'Be kind', description: 'Civil discussion only.' }],
    });
    await connectReddit(user);
    const strict = await addSource(user, {
      kind: 'reddit',
      subreddit: 'r/SaaSFounders',
      keywords: ['onboarding'],
    });
    expect(strict).toMatchObject({ subreddit: 'SaaSFounders', name: 'r/SaaSFounders' });
    await addSource(user, { kind: 'reddit', subreddit: 'CustomerSuccess', keywords: ['Onboarding'] });
    await runJobs(user);

    const tasks = await tasksOf(user, 'reddit_comment');
    expect(tasks).toHaveLength(2);
    const saas = tasks.find((task) => task.context.triggerData?.community === 'r/SaaSFounders')!;
    expect(saas).toMatchObject({
      title: 'Comment in r/SaaSFounders: How do you handle onboarding emails?',
      context: {
        triggerType: 'social_comment',
        triggerData: {
          platform: 'reddit',
          community: 'r/SaaSFounders',
          originalAuthor: 'u/jane_doe',
          originalPost: 'How do you handle onboarding emails?\n\nOur onboarding drip feels spammy. Ideas?',
        },
        recommendation:
          'SOCIAL: Self-promotion risk: r/SaaSFounders restricts promotion — answer with expertise, no links.',
      },
    });
    expect(Object.keys(saas.responses).sort()).toEqual(['expert', 'question', 'supportive']);
    const cs = tasks.find((task) => task.context.triggerData?.community === 'r/CustomerSuccess')!;
    expect(cs.context.recommendation).toMatch(/^SOCIAL: Comments welcome: r\/CustomerSuccess/);
    expect(cs.context.analysisData?.contactActivity).toMatch(/^Comments welcome/);

    // Reddit's OAuth API was asked with the user's token and a descriptive User-Agent; rules
    // once per subreddit and poll.
    const listing = reddit.requests.filter((request) => request.path === '/r/SaaSFounders/new');
    expect(listing.at(-1)!.headers['user-agent']).toMatch(/^server:doppel:0\.1 \(by Doppel; /);
    expect(listing.at(-1)!.headers.authorization).toMatch(/^Bearer reddit-access-/);
    expect(reddit.requests.filter((request) => request.path === '/r/SaaSFounders/about/rules')).toHaveLength(
      1,
    );
    // The task knows the post it answers, so Publish can comment under it.
    expect(saas.context.triggerData).toMatchObject({
      postId: 't3_abc1',
      postUrl: `${reddit.baseUrl}/r/SaaSFounders/comments/abc1/post/`,
    });

    // Polled again: nothing new.
    await call(user, 'POST', `/api/signals/sources/${strict.id}/poll`);
    await runJobs(user);
    expect(await tasksOf(user, 'reddit_comment')).toHaveLength(2);
    expect(await source(user, strict.id)).toMatchObject({
      itemsSeen: 3,
      tasksCreated: 1,
      nextFetchAt: new Date(clock.now().getTime() + 15 * MINUTE).toISOString(),
    });
  });

  it('honours 429 Retry-After: the next poll waits for it, and the job does not fail', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    reddit.setSubreddit('busy_sub', { posts: [] });
    const added = await addSource(user, { kind: 'reddit', subreddit: 'busy_sub', keywords: ['crm'] });
    reddit.failNext({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: '{"message":"Too Many Requests"}',
    });
    expect(await runJobs(user)).toBe(1);
    const limited = await source(user, added.id);
    expect(limited.lastError).toBe('reddit_rate_limited');
    expect(limited.nextFetchAt).toBe(new Date(clock.now().getTime() + 3600 * 1000).toISOString());
  });

  it('a subreddit that does not exist is an error state, not a crash', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    const added = await addSource(user, { kind: 'reddit', subreddit: 'no_such_place', keywords: ['x'] });
    await runJobs(user);
    expect((await source(user, added.id)).lastError).toBe('reddit_not_found');
    const invalid = await call(user, 'POST', '/api/signals/sources', { kind: 'reddit', subreddit: 'a b' });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('Reddit through the user’s account', () => {
  it('without a connected account nothing is read, and the card says to connect one', async () => {
    const user = await signedInUser(doppel);
    reddit.setSubreddit('lonely_sub', { posts: [] });
    const before = reddit.requests.length;
    const added = await addSource(user, { kind: 'reddit', subreddit: 'lonely_sub', keywords: ['crm'] });
    expect(await runJobs(user)).toBe(1);
    expect((await source(user, added.id)).lastError).toBe('reddit_not_connected');
    expect(reddit.requests.slice(before).filter((request) => request.path.startsWith('/r/'))).toEqual([]);
  });

  it('an expired access token is refreshed and the poll goes on; a revoked account turns to reconnect', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('refresh_sub', {
      posts: [{ id: 'rf1', title: 'CRM onboarding tips', author: 'lee', createdUtc: now - 60 }],
    });
    const added = await addSource(user, { kind: 'reddit', subreddit: 'refresh_sub', keywords: ['crm'] });
    reddit.expireAccessTokens();
    await runJobs(user);
    expect(await source(user, added.id)).toMatchObject({ lastError: null, tasksCreated: 1 });
    const refreshes = reddit.requests.filter(
      (request) =>
        request.path === '/api/v1/access_token' && request.form.get('grant_type') === 'refresh_token',
    );
    expect(refreshes).toHaveLength(1);

    reddit.revokeAll();
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    expect((await source(user, added.id)).lastError).toBe('reddit_reconnect');
    const accounts = (await call(user, 'GET', '/api/social-accounts')).json<{
      items: { platform: string; state: string; problem: string | null }[];
    }>();
    expect(accounts.items.find((item) => item.platform === 'reddit')).toMatchObject({
      state: 'reconnect',
      problem: 'token_refused',
    });
    expect(await tasksOf(user, 'reddit_comment')).toHaveLength(1);
  });

  it('when X-Ratelimit-Remaining runs out, no request goes to Reddit before X-Ratelimit-Reset', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    reddit.setSubreddit('quota_sub', { posts: [] });
    const added = await addSource(user, { kind: 'reddit', subreddit: 'quota_sub', keywords: ['crm'] });
    reddit.setRateLimit(1, 420);
    await runJobs(user);
    expect((await source(user, added.id)).lastError).toBeNull();
    const before = reddit.requests.length;
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    expect(reddit.requests.length).toBe(before);
    const held = await source(user, added.id);
    expect(held.lastError).toBe('reddit_rate_limited');
    expect(new Date(held.nextFetchAt!).getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 15 * MINUTE);
    reddit.setRateLimit(600, 600);
    clock.advance(8 * MINUTE);
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    expect((await source(user, added.id)).lastError).toBeNull();
    expect(reddit.requests.length).toBeGreaterThan(before);
  });
});

describe('social metrics from Reddit', () => {
  const HOUR = 60 * MINUTE;

  /** The latest Monday 15:00 UTC that is over an hour before now (a slot posts have settled in). */
  function lastMondayAt15(): Date {
    const slot = new Date(clock.now());
    slot.setUTCHours(15, 0, 0, 0);
    while (slot.getUTCDay() !== 1 || slot.getTime() > clock.now().getTime() - HOUR) {
      slot.setTime(slot.getTime() - DAY);
    }
    return slot;
  }

  /**
   * Twelve settled posts without the keyword: two on Mondays at 15:xx UTC that drew the most
   * (180 and 240), ten single posts in the hours before with 10 each (8 points, 2 comments).
   */
  function history(prefix: string) {
    const monday = lastMondayAt15();
    const seconds = (date: Date | number) => Math.floor(new Date(date).getTime() / 1000);
    return [
      {
        id: `${prefix}m1`,
        title: 'Our launch week',
        createdUtc: seconds(monday),
        score: 150,
        numComments: 30,
      },
      {
        id: `${prefix}m2`,
        title: 'What we learned from churn',
        createdUtc: seconds(monday.getTime() - 7 * DAY + 20 * MINUTE),
        score: 200,
        numComments: 40,
      },
      ...Array.from({ length: 10 }, (_, index) => ({
        id: `${prefix}f${index}`,
        title: `Daily thread ${index}`,
        createdUtc: seconds(monday.getTime() - (index + 1) * HOUR),
        score: 8,
        numComments: 2,
      })),
    ];
  }

  it('a reddit_comment task carries the subreddit’s subscribers, the post’s figures and the best slot; about is read once', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('GrowthOps', {
      about: { subscribers: 48_200, activeUserCount: 310 },
      posts: [
        ...history('go'),
        {
          id: 'gq1',
          title: 'Which CRM for a team of five?',
          author: 'ana',
          createdUtc: now - 20 * 60,
          score: 12,
          numComments: 5,
          upvoteRatio: 0.93,
        },
      ],
    });
    const added = await addSource(user, { kind: 'reddit', subreddit: 'GrowthOps', keywords: ['crm'] });
    await runJobs(user);

    const [task] = await tasksOf(user, 'reddit_comment');
    expect(task!.context.socialContext).toEqual({
      platform: 'reddit',
      community: 'r/GrowthOps',
      audienceSize: 48_200,
      activeUsers: 310,
      postScore: 12,
      postComments: 5,
      upvoteRatio: 0.93,
      // The median of the twelve settled posts (ten of 10, 180, 240) is 10: 10 ÷ 48,200 × 100.
      engagementRate: 0.0207,
      bestPostingSlot: { weekday: 1, hourUtc: 15 },
      sampleSize: 12,
      measuredAt: clock.now().toISOString(),
    });

    // A second matching post ten minutes later: the listing is read again, `about` is not.
    const firstPollAt = clock.now().toISOString();
    clock.advance(10 * MINUTE);
    reddit.setSubreddit('GrowthOps', {
      about: { subscribers: 99_999 },
      posts: [
        ...history('go'),
        { id: 'gq2', title: 'CRM exports are a mess', createdUtc: now + 5 * 60, score: 3, numComments: 1 },
      ],
    });
    await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    await runJobs(user);
    const second = (await tasksOf(user, 'reddit_comment')).find(
      (item) => item.context.triggerData?.postId === 't3_gq2',
    )!;
    expect(second.context.socialContext).toMatchObject({
      audienceSize: 48_200,
      postScore: 3,
      postComments: 1,
    });
    // Figures read ten minutes apart: "as of" is the older reading.
    expect(second.context.socialContext?.measuredAt).toBe(firstPollAt);
    expect(reddit.requests.filter((request) => request.path === '/r/GrowthOps/about')).toHaveLength(1);
  });

  it('when about fails the poll still makes its task, without the subreddit’s figures', async () => {
    const user = await signedInUser(doppel);
    await connectReddit(user);
    const now = Math.floor(clock.now().getTime() / 1000);
    reddit.setSubreddit('QuietOps', {
      about: null,
      posts: [
        ...history('qo'),
        {
          id: 'qq1',
          title: 'CRM for nonprofits?',
          createdUtc: now - 60,
          score: 4,
          numComments: 0,
          upvoteRatio: 1,
        },
      ],
    });
    const added = await addSource(user, { kind: 'reddit', subreddit: 'QuietOps', keywords: ['crm'] });
    await runJobs(user);

    expect(await source(user, added.id)).toMatchObject({ lastError: null, tasksCreated: 1 });
    const [task] = await tasksOf(user, 'reddit_comment');
    const figures = task!.context.socialContext!;
    expect(figures).not.toHaveProperty('audienceSize');
    expect(figures).not.toHaveProperty('activeUsers');
    expect(figures).not.toHaveProperty('engagementRate');
    // What the listing itself gave is still Reddit's own figure.
    expect(figures).toMatchObject({ postScore: 4, postComments: 0, upvoteRatio: 1 });
  });

  it('a content-plan Reddit post is for the subreddit the user follows, with its figures; without an account none', async () => {
    const user = await signedInUser(doppel);
    await addPersona(user, { brandContentThemes: ['Pricing lessons'] });
    await connectReddit(user);
    reddit.setSubreddit('PlanOps', { about: { subscribers: 9100 }, posts: history('po') });
    await addSource(user, { kind: 'reddit', subreddit: 'PlanOps', keywords: ['nothing-matches-this'] });
    await addSource(user, { kind: 'content_plan', cadencePerWeek: 1, platforms: ['reddit'] });
    await runJobs(user);

    const [post] = await tasksOf(user, 'reddit_post');
    expect(post!.context.triggerData).toEqual({ platform: 'reddit', community: 'r/PlanOps' });
    expect(post!.context.socialContext).toMatchObject({
      platform: 'reddit',
      community: 'r/PlanOps',
      audienceSize: 9100,
      engagementRate: 0.11,
      bestPostingSlot: { weekday: 1, hourUtc: 15 },
    });

    const offline = await signedInUser(doppel);
    await addPersona(offline, { brandContentThemes: ['Pricing lessons'] });
    await addSource(offline, { kind: 'reddit', subreddit: 'PlanOps', keywords: ['nothing-matches-this'] });
    await addSource(offline, { kind: 'content_plan', cadencePerWeek: 1, platforms: ['reddit'] });
    await runJobs(offline);
    const [unmeasured] = await tasksOf(offline, 'reddit_post');
    expect(unmeasured!.context.triggerData?.community).toBe('r/PlanOps');
    expect(unmeasured!.context.socialContext).toBeUndefined();
  });
});

describe('job changes', () => {
  it('by hand: one linkedin_job_change task with a congratulation draft; the same change again is a duplicate', async () => {
    const user = await signedInUser(doppel);
    const known = await addContact(user, { name: 'Lucía García', company: 'Soluciones Sol', language: 'es' });
    const response = await call(user, 'POST', '/api/signals/job-changes', {
      name: 'lucía garcía',
      oldCompany: 'Soluciones Sol',
      newCompany: 'Mar Azul Capital',
      title: 'Head of Partnerships',
      date: '2026-02-20',
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<{ status: string; taskId: string; contactId: string }>();
    expect(result).toMatchObject({ status: 'created', contactId: known.id });
    const task = (await call(user, 'GET', `/api/tasks/${result.taskId}`)).json<Task>();
    expect(task).toMatchObject({
      type: 'proactive_message',
      contact: { id: known.id, company: 'Mar Azul Capital', language: 'es' },
      context: {
        triggerType: 'linkedin_job_change',
        triggerData: {
          jobChangeCompany: 'Mar Azul Capital',
          linkedinActivity:
            'lucía garcía moved from Soluciones Sol to Mar Azul Capital as Head of Partnerships on 2026-02-20',
        },
      },
    });
    expect(task.context.recommendation).toMatch(/^OPPORTUNITY: congratulate/);
    expect(task.responses.quick).toBe(
      '¡Enhorabuena por el nuevo puesto en Mar Azul Capital, Lucía García! Te deseo un gran comienzo.',
    );

    const again = await call(user, 'POST', '/api/signals/job-changes', {
      name: 'Lucía  García',
      newCompany: 'mar azul capital',
      date: '2026-02-20',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', taskId: result.taskId, contactId: null });
    expect(await tasksOf(user)).toHaveLength(1);
  });

  it('a name of 80 emoji makes its task whole: texts cut to length never end in half an emoji', async () => {
    const user = await signedInUser(doppel);
    // Each emoji is two UTF-16 units; with or without a letter first, every cut falls on one.
    for (const name of ['😀'.repeat(80), `a${'😀'.repeat(80)}`, '👩🏽‍💻'.repeat(28)]) {
      const response = await call(user, 'POST', '/api/signals/job-changes', {
        name,
        newCompany: `b${'🚀'.repeat(99)}`,
        title: '🎉'.repeat(100),
        date: '2026-02-20',
      });
      expect(response.statusCode, response.body).toBe(201);
      const task = (
        await call(user, 'GET', `/api/tasks/${response.json<{ taskId: string }>().taskId}`)
      ).json<Task>();
      expect(task.title).toContain(name);
      // The offline analysis shortened the activity line to its summary with an ellipsis.
      expect(task.context.summary).toMatch(/…$/);
      expect(JSON.stringify(task)).not.toMatch(/\\ud[89a-f]/i);
    }
  });

  it('CSV import: good rows make tasks and new contacts, bad rows are reported by their real line, duplicates counted', async () => {
    const user = await signedInUser(doppel);
    await call(user, 'POST', '/api/signals/job-changes', {
      name: 'Ada Stone',
      newCompany: 'Orbit AI',
      date: '2026-01-05',
    });
    const csv = [
      'Name,Old company,New company,Title,Date',
      'Ben Okafor,Lagos Labs,Kinetic Pay,CTO,2026-02-01',
      ',Nowhere,Somewhere,,2026-02-02',
      '',
      '"Chloe ""CJ"" Martin","Big',
      'Co",Small Co,VP Sales,03.02.2026',
      'Dan Brown,Old,,Engineer,2026-02-04',
      'Eve Adams,Foo,Bar,,not-a-date',
      'Ada Stone,Rocket,Orbit AI,,2026-01-05',
      'Ben Okafor,Lagos Labs,Kinetic Pay,CTO,2026-02-01',
    ].join('\n');
    const response = await call(user, 'POST', '/api/signals/job-changes/import', { csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      created: 2,
      duplicates: 2,
      rejected: [
        { row: 3, reason: 'Name is empty.', problem: 'empty', field: 'name' },
        { row: 7, reason: 'New company is empty.', problem: 'empty', field: 'newCompany' },
        {
          row: 8,
          reason: '"not-a-date" is not a date (use YYYY-MM-DD).',
          problem: 'not_date',
          field: 'date',
          value: 'not-a-date',
        },
      ],
    });
    const tasks = await tasksOf(user);
    expect(tasks.map((task) => task.title).sort()).toEqual([
      'Congratulate Ada Stone on the move to Orbit AI',
      'Congratulate Ben Okafor on the move to Kinetic Pay',
      'Congratulate Chloe "CJ" Martin on the move to Small Co',
    ]);
    const chloe = tasks.find((task) => task.title.includes('Chloe'))!;
    expect(chloe.context.triggerData?.linkedinActivity).toBe(
      'Chloe "CJ" Martin moved from Big\nCo to Small Co as VP Sales on 2026-02-03',
    );
    expect(chloe.contact).toMatchObject({
      name: 'Chloe "CJ" Martin',
      company: 'Small Co',
      source: 'linkedin',
    });
    const listed = (await call(user, 'GET', '/api/signals/job-changes')).json<SignalItemList>();
    expect(listed.items).toHaveLength(3);
  });

  it('a CSV that cannot be read, or lacks the needed columns, is refused as a whole', async () => {
    const user = await signedInUser(doppel);
    const noColumns = await call(user, 'POST', '/api/signals/job-changes/import', {
      csv: 'Person,Where\nA,B',
    });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json<{ error: { message: string } }>().error.message).toBe(
      'The file needs a name column and a new company column.',
    );
    const mapped = await call(user, 'POST', '/api/signals/job-changes/import', {
      csv: 'Person,Where\nAnn Lee,Zeta',
      mapping: { name: 'Person', newCompany: 'Where' },
    });
    expect(mapped.json()).toMatchObject({ created: 1 });
    const broken = await call(user, 'POST', '/api/signals/job-changes/import', {
      csv: 'name,new company\n"open,quote',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('content plan', () => {
  it('proposes the cadence’s posts, alternating platforms and themes, and never twice for one slot', async () => {
    let user = await signedInUser(doppel);
    await addPersona(user, {
      brandContentThemes: ['Founder stories', 'Pricing lessons'],
      highConceptContentStrategy: { pillar: 'Remote teams' },
    });
    // Tuesday 10:00 UTC: the week's first slot (Monday 09:00) has started, the second is Thursday 21:00.
    const plan = await addSource(user, {
      kind: 'content_plan',
      cadencePerWeek: 2,
      platforms: ['linkedin', 'reddit'],
    });
    expect(plan).toMatchObject({ kind: 'content_plan', name: 'Content plan', cadencePerWeek: 2 });
    await runJobs(user);
    let posts = await doppel.ctx.db.select().from(signalItems).where(eq(signalItems.userId, user.userId));
    expect(posts).toHaveLength(1);
    const next = (await source(user, plan.id)).nextFetchAt!;
    expect(next).toBe('2026-03-05T21:00:00.000Z');

    // Poll now in the same slot: nothing new.
    await call(user, 'POST', `/api/signals/sources/${plan.id}/poll`);
    await runJobs(user);
    posts = await doppel.ctx.db.select().from(signalItems).where(eq(signalItems.userId, user.userId));
    expect(posts).toHaveLength(1);

    // A week on, slot by slot.
    const startedAt = clock.now().getTime();
    clock.advance(new Date(next).getTime() - startedAt);
    await runJobs(user);
    clock.advance(new Date('2026-03-09T09:00:00Z').getTime() - clock.now().getTime());
    await runJobs(user);
    user = await signInAgain(user);
    const tasks = [...(await tasksOf(user))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(tasks.map((task) => [task.type, task.title])).toEqual([
      ['linkedin_post', 'LinkedIn post: Founder stories'],
      ['reddit_post', 'Reddit post: Pricing lessons'],
      ['linkedin_post', 'LinkedIn post: Remote teams'],
    ]);
    expect(tasks[0]!.context.summary).toBe(
      'Content plan, 2 posts a week: a LinkedIn post on “Founder stories”.',
    );
    expect(Object.keys(tasks[0]!.responses).sort()).toEqual(['insight', 'professional', 'story']);
    expect(Object.keys(tasks[1]!.responses).sort()).toEqual(['discussion', 'question', 'showcase']);
    expect(await source(user, plan.id)).toMatchObject({ tasksCreated: 3, itemsSeen: 3, lastError: null });
    expect(await queuedPolls(doppel.ctx.db, plan.id)).toHaveLength(1);
  });

  it('without themes on the active persona it says so and makes nothing', async () => {
    const user = await signedInUser(doppel);
    const plan = await addSource(user, { kind: 'content_plan', cadencePerWeek: 3, platforms: ['linkedin'] });
    await runJobs(user);
    expect(await source(user, plan.id)).toMatchObject({
      lastError: 'no_themes',
      tasksCreated: 0,
    });
    expect(await tasksOf(user)).toHaveLength(0);
    const twice = await call(user, 'POST', '/api/signals/sources', {
      kind: 'content_plan',
      cadencePerWeek: 1,
      platforms: ['reddit'],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toMatchObject({ code: 'conflict', reason: 'content_plan_exists' });
    const badCadence = await call(user, 'PATCH', `/api/signals/sources/${plan.id}`, { cadencePerWeek: 15 });
    expect(badCadence.statusCode).toBe(400);
    const keywords = await call(user, 'PATCH', `/api/signals/sources/${plan.id}`, { keywords: ['x'] });
    expect(keywords.statusCode).toBe(400);
    expect(keywords.json().error).toMatchObject({
      reason: 'content_plan_has_no_keywords',
      fields: { keywords: 'notForContentPlan' },
    });
  });
});

describe('sources', () => {
  it('pause stops polling; resume polls again', async () => {
    const user = await signedInUser(doppel);
    const path = feedPath();
    site.setFeed(path, { format: 'rss', title: 'Paused', items: [] });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    const paused = await call(user, 'PATCH', `/api/signals/sources/${added.id}`, { isActive: false });
    expect(paused.json<SignalSource>()).toMatchObject({ isActive: false, nextFetchAt: null });
    expect(await queuedPolls(doppel.ctx.db, added.id)).toHaveLength(0);
    expect(await runJobs(user)).toBe(0);
    // A poll that was already queued elsewhere finds the source paused and does nothing.
    await pollSignalSource(doppel.ctx, user.userId, added.id);
    expect(site.requestsFor(path)).toHaveLength(0);
    const pausedPoll = await call(user, 'POST', `/api/signals/sources/${added.id}/poll`);
    expect(pausedPoll.statusCode).toBe(409);
    expect(pausedPoll.json().error).toMatchObject({ code: 'conflict', reason: 'signal_source_paused' });

    const resumed = await call(user, 'PATCH', `/api/signals/sources/${added.id}`, {
      isActive: true,
      keywords: ['ai'],
    });
    expect(resumed.json<SignalSource>()).toMatchObject({ isActive: true, keywords: ['ai'] });
    expect(await runJobs(user)).toBe(1);
    expect(site.requestsFor(path)).toHaveLength(1);
  });

  it('removing a source drops its polls but keeps its items’ keys', async () => {
    const user = await signedInUser(doppel);
    await addContact(user, { name: 'Tom Reed', company: 'Reed Labs' });
    const path = feedPath();
    site.setFeed(path, {
      format: 'rss',
      title: 'R',
      items: [{ title: 'Reed Labs news', guid: 'rl-1', published: hoursAgo(1) }],
    });
    const added = await addSource(user, { kind: 'rss', url: site.url(path) });
    await runJobs(user);
    expect((await call(user, 'DELETE', `/api/signals/sources/${added.id}`)).statusCode).toBe(200);
    expect(await queuedPolls(doppel.ctx.db, added.id)).toHaveLength(0);
    // The same feed added again: its item is known, no second task.
    await addSource(user, { kind: 'rss', url: site.url(path) });
    await runJobs(user);
    expect(await tasksOf(user)).toHaveLength(1);
  });

  it('another user’s sources are invisible and untouchable', async () => {
    const owner = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const path = feedPath();
    site.setFeed(path, { format: 'rss', title: 'Mine', items: [] });
    const added = await addSource(owner, { kind: 'rss', url: site.url(path) });
    expect((await call(other, 'GET', '/api/signals/sources')).json<SignalSourceList>().items).toEqual([]);
    expect(
      (await call(other, 'PATCH', `/api/signals/sources/${added.id}`, { isActive: false })).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `/api/signals/sources/${added.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/signals/sources/${added.id}/poll`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/signals/sources/${added.id}/items`)).statusCode).toBe(404);
    // A job naming another user's source does nothing.
    await pollSignalSource(doppel.ctx, other.userId, added.id);
    expect(site.requestsFor(path)).toHaveLength(0);
    expect((await source(owner, added.id)).isActive).toBe(true);
    expect((await call(owner, 'GET', '/api/signals/sources')).statusCode).toBe(200);
    expect((await doppel.app.inject({ method: 'GET', url: '/api/signals/sources' })).statusCode).toBe(401);
  });
});

describe('demo mode', () => {
  it('shows sample sources with their tasks; polling is refused and nothing is scheduled', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    expect(demo.statusCode).toBe(200);
    const session = demo.json<{ accessToken: string; user: { id: string } }>();
    const user = { accessToken: session.accessToken, userId: session.user.id };
    const list = (await call(user, 'GET', '/api/signals/sources')).json<SignalSourceList>();
    expect(list.pollingEnabled).toBe(false);
    expect(list.items.map((item) => item.kind).sort()).toEqual(['content_plan', 'reddit', 'rss']);
    expect(list.items.every((item) => item.isSample && item.nextFetchAt === null)).toBe(true);

    const rss = list.items.find((item) => item.kind === 'rss')!;
    const items = (await call(user, 'GET', `/api/signals/sources/${rss.id}/items`)).json<SignalItemList>();
    const linked = items.items.find((item) => item.taskId);
    expect(linked).toBeDefined();
    const task = (await call(user, 'GET', `/api/tasks/${linked!.taskId}`)).json<Task>();
    expect(task.context.triggerType).toBe('rss_news');

    const poll = await call(user, 'POST', `/api/signals/sources/${rss.id}/poll`);
    expect(poll.statusCode).toBe(403);
    expect(poll.json()).toMatchObject({
      error: {
        code: 'demo_restricted',
        message: 'Polling is off in demo mode.',
        reason: 'polling_off_in_demo',
      },
    });
    // A source added in a sandbox is kept but never polled.
    const added = await call(user, 'POST', '/api/signals/sources', { kind: 'reddit', subreddit: 'startups' });
    expect(added.statusCode).toBe(201);
    expect(added.json<SignalSource>().nextFetchAt).toBeNull();
    const queued = await doppel.ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, POLL_JOB_KIND), sql`${jobs.payload}->>'userId' = ${user.userId}`));
    expect(queued).toEqual([]);
  });
});

describe('scheduling', () => {
  it('a job enqueued with runAt waits for it; without runAt it is due at once', async () => {
    const userId = (await signedInUser(doppel)).userId;
    const ran: string[] = [];
    doppel.ctx.jobs.register<{ userId: string; label: string }>({
      kind: 'test.signals.run-at',
      run: async ({ label }) => {
        ran.push(label);
      },
    });
    await doppel.ctx.db.transaction(async (tx) => {
      await doppel.ctx.jobs.enqueue(
        tx,
        'test.signals.run-at',
        { userId, label: 'later' },
        {
          runAt: new Date(clock.now().getTime() + DAY),
        },
      );
      await doppel.ctx.jobs.enqueue(tx, 'test.signals.run-at', { userId, label: 'now' });
    });
    await doppel.ctx.jobs.runDue({ userId });
    expect(ran).toEqual(['now']);
    clock.advance(DAY - 1000);
    await doppel.ctx.jobs.runDue({ userId });
    expect(ran).toEqual(['now']);
    clock.advance(1000);
    await doppel.ctx.jobs.runDue({ userId });
    expect(ran).toEqual(['now', 'later']);
  });
});
