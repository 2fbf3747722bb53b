import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@doppel/contracts';
import { and, communicationHistory, contacts, eq, users } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { ManualClock, cookieValue, createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';
import { detectLanguage } from '../language';
import { removeExpiredDemoSandboxes } from './remove-expired-demo-sandboxes';

let doppel: DoppelApp;
const clock = new ManualClock();
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

const startDemo = (language?: string) =>
  doppel.app.inject({
    method: 'POST',
    url: '/api/demo',
    remoteAddress: uniqueIp(),
    payload: language ? { language } : undefined,
  });
const authed = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe('demo mode', () => {
  it('opens a private sandbox per visitor with labelled sample data', async () => {
    const first = await startDemo();
    const second = await startDemo('ru');
    expect(first.statusCode).toBe(200);
    const a = first.json();
    const b = second.json();
    expect(a.user.id).not.toBe(b.user.id);
    expect(a.user).toMatchObject({ isDemo: true, name: 'Alex Morgan (sample)' });
    expect(b.user.name).toBe('Алекс Морган (пример)');
    expect(new Date(a.user.demoExpiresAt).getTime() - clock.now().getTime()).toBe(24 * 3600 * 1000);
    expect(cookieValue(first, 'doppel_refresh')).toBeTruthy();

    const plan = await doppel.app.inject({
      method: 'GET',
      url: '/api/subscription',
      headers: authed(a.accessToken),
    });
    expect(plan.json()).toMatchObject({ planName: 'Pro Plan', isSample: true });
  });

  it('seeds sample tasks of every type and trigger, with contacts in all five languages', async () => {
    const demo = (await startDemo()).json();
    const page = (
      await doppel.app.inject({
        method: 'GET',
        url: '/api/tasks?limit=100',
        headers: authed(demo.accessToken),
      })
    ).json();
    expect(page.total).toBe(8);
    const types = new Set(page.items.map((t: { type: string }) => t.type));
    expect(types).toEqual(
      new Set([
        'message_reply',
        'proactive_message',
        'linkedin_post',
        'reddit_post',
        'reddit_comment',
        'high_concept_analysis',
      ]),
    );
    const triggers = new Set(
      page.items.map((t: { context: { triggerType?: string } }) => t.context.triggerType).filter(Boolean),
    );
    expect(triggers).toEqual(new Set(['message', 'linkedin_job_change', 'rss_news', 'social_comment']));
    const languages = new Set(
      page.items.flatMap((t: { contact: { language: string } | null }) =>
        t.contact ? [t.contact.language] : [],
      ),
    );
    expect(languages).toEqual(new Set(['en', 'ru', 'fr', 'es', 'de']));
    const summary = await doppel.app.inject({
      method: 'GET',
      url: '/api/shell/summary',
      headers: authed(demo.accessToken),
    });
    expect(summary.json().pendingTasks).toBe(
      page.items.filter((t: { status: string }) => t.status === 'pending').length,
    );
  });

  it('seeds three labelled sample personas with their contacts; real accounts get none', async () => {
    const demo = (await startDemo()).json();
    const get = (url: string, token = demo.accessToken as string) =>
      doppel.app.inject({ method: 'GET', url, headers: authed(token) });
    const personas = (await get('/api/personas')).json().items as Array<{
      id: string;
      name: string;
      isSample: boolean;
      isTwinVoice: boolean;
    }>;
    expect(personas).toHaveLength(3);
    expect(personas.every((persona) => persona.isSample)).toBe(true);
    // Newest first; the oldest, the founder, is the twin's voice.
    expect(personas.map((persona) => persona.isTwinVoice)).toEqual([false, false, true]);
    const founder = personas[2]!;
    expect(founder.name).toBe('Alex Morgan — Founder');
    const stats = (await get(`/api/personas/${founder.id}/stats`)).json();
    expect(stats.contacts).toBe(2);
    expect(stats.messages).toBeGreaterThan(0);

    const account = await signedInUser(doppel);
    expect((await get('/api/personas', account.accessToken)).json().items).toEqual([]);
  });

  it('seeds a labelled, searchable sample document of every category; real accounts get none', async () => {
    const demo = (await startDemo()).json();
    const get = (url: string, token = demo.accessToken as string) =>
      doppel.app.inject({ method: 'GET', url, headers: authed(token) });
    const list = (await get('/api/documents')).json();
    expect(list.categoryCounts).toEqual({
      all: 5,
      thoughts: 1,
      documents: 1,
      articles: 1,
      references: 1,
      links: 1,
    });
    expect(list.stats).toMatchObject({ total: 5, processed: 5, readiness: 100 });
    expect(list.items.every((item: { isSample: boolean }) => item.isSample)).toBe(true);
    const hits = (await get('/api/documents/search?q=pilot')).json().hits;
    expect(hits.map((hit: { title: string }) => hit.title)).toContain('Pilot pricing rules');

    const account = await signedInUser(doppel);
    expect((await get('/api/documents', account.accessToken)).json().stats.total).toBe(0);
  });

  it('shows labelled sample API keys that open nothing', async () => {
    const demo = (await startDemo()).json();
    const keys = (
      await doppel.app.inject({
        method: 'GET',
        url: '/api/keys',
        headers: authed(demo.accessToken as string),
      })
    ).json().items as Array<{ name: string; isSample: boolean; rateLimit: { requestsPerMinute: number } }>;
    expect(keys.map((key) => [key.name, key.isSample, key.rateLimit.requestsPerMinute])).toEqual([
      ['CRM sync (sample)', true, 100],
      ['Claude Desktop (sample)', true, 50],
    ]);
  });

  it('shows labelled sample campaigns of several types and statuses with leads; real accounts get none', async () => {
    const demo = (await startDemo()).json();
    const list = (
      await doppel.app.inject({
        method: 'GET',
        url: '/api/campaigns',
        headers: authed(demo.accessToken as string),
      })
    ).json<{
      items: Array<{
        id: string;
        name: string;
        type: string;
        status: string;
        isSample: boolean;
        metrics: { leads_found: number };
      }>;
    }>();
    expect(list.items.every((campaign) => campaign.isSample && campaign.name.includes('(sample)'))).toBe(
      true,
    );
    expect(new Set(list.items.map((campaign) => campaign.type)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(list.items.map((campaign) => campaign.status))).toEqual(
      new Set(['active', 'paused', 'draft', 'completed']),
    );
    const active = list.items.find((campaign) => campaign.status === 'active')!;
    expect(active.metrics.leads_found).toBeGreaterThan(0);
    const funnel = (
      await doppel.app.inject({
        method: 'GET',
        url: `/api/campaigns/${active.id}/analytics`,
        headers: authed(demo.accessToken as string),
      })
    ).json().funnel as Array<{ stage: string; count: number }>;
    expect(funnel.map((step) => step.count)).toEqual([10, 8, 5, 3, 1]);

    const real = await signedInUser(doppel);
    const none = await doppel.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: authed(real.accessToken),
    });
    expect(none.json().items).toEqual([]);
  });

  it('lets a demo user change their own sandbox but not their email', async () => {
    const demo = (await startDemo()).json();
    const renamed = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(demo.accessToken),
      payload: { fullName: 'Visitor' },
    });
    expect(renamed.json().name).toBe('Visitor');
    const email = await doppel.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: authed(demo.accessToken),
      payload: { email: 'real@example.com' },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().error.code).toBe('demo_restricted');
    const me = await doppel.app.inject({ method: 'GET', url: '/api/me', headers: authed(demo.accessToken) });
    expect(me.json().name).toBe('Visitor');
  });

  it('cannot be signed into with a password or reset by email', async () => {
    const demo = (await startDemo()).json();
    const signIn = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      payload: { email: demo.user.email, password: 'anything' },
    });
    expect(signIn.json().error.code).toBe('invalid_credentials');
  });

  it('expires after 24 hours and is then deleted with its data', async () => {
    const started = await startDemo();
    const demo = started.json();
    clock.advance(24 * 3600 * 1000 + 1000);
    const refresh = await doppel.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { doppel_refresh: cookieValue(started, 'doppel_refresh')! },
    });
    expect(refresh.statusCode).toBe(401);
    const removed = await removeExpiredDemoSandboxes(doppel.ctx.db, clock.now());
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await doppel.ctx.db.select().from(users).where(eq(users.id, demo.user.id));
    expect(left).toEqual([]);
  });
});

describe.each(['ru', 'de'] as const)('a demo sandbox in %s', (language) => {
  let token: string;
  let userId: string;
  const get = async <T>(url: string) =>
    (await doppel.app.inject({ method: 'GET', url, headers: authed(token) })).json<T>();
  beforeAll(async () => {
    const demo = (await startDemo(language)).json<{ accessToken: string; user: { id: string } }>();
    token = demo.accessToken;
    userId = demo.user.id;
  });

  it('writes what the user reads about each sample task in the sandbox’s language', async () => {
    const page = await get<{ items: Task[] }>('/api/tasks?limit=100');
    expect(page.items).toHaveLength(8);
    for (const task of page.items) {
      const { summary, recommendation, analysisData = {} } = task.context;
      const words = [task.title, task.description, summary, recommendation, ...Object.values(analysisData)];
      expect(detectLanguage(words.join('. ')), task.title).toBe(language);
    }
  });

  /** The sample tasks with a contact, and the quick and detailed drafts to each. */
  async function draftsToContacts(): Promise<Array<{ task: Task; drafts: string[] }>> {
    const page = await get<{ items: Task[] }>('/api/tasks?limit=100');
    const withContacts = page.items.filter((task) => task.contact);
    return Promise.all(
      withContacts.map(async (task) => {
        const drafted = await doppel.app.inject({
          method: 'POST',
          url: `/api/tasks/${task.id}/drafts`,
          headers: authed(token),
          payload: { kinds: ['quick', 'detailed'] },
        });
        expect(drafted.statusCode, drafted.body).toBe(200);
        return { task, drafts: Object.values(drafted.json<Task>().responses) };
      }),
    );
  }

  it('keeps what each sample contact wrote, and the drafts to them, in the contact’s language', async () => {
    const inbound = await doppel.ctx.db
      .select({ text: communicationHistory.text, language: contacts.language })
      .from(communicationHistory)
      .innerJoin(contacts, eq(contacts.id, communicationHistory.contactId))
      .where(and(eq(communicationHistory.userId, userId), eq(communicationHistory.direction, 'inbound')));
    expect(new Set(inbound.map((message) => message.language))).toEqual(new Set(['de', 'ru']));
    for (const message of inbound) expect(detectLanguage(message.text), message.text).toBe(message.language);

    const drafted = await draftsToContacts();
    expect(new Set(drafted.map(({ task }) => task.contact!.language))).toEqual(
      new Set(['de', 'ru', 'fr', 'es', 'en']),
    );
    for (const { task, drafts } of drafted) {
      const { lastMessage, lastMessageOriginal } = task.context;
      if (task.type === 'message_reply') {
        // The task shows the message in the user's language, with the contact's words beside it.
        expect(detectLanguage(lastMessage!)).toBe(language);
        expect(detectLanguage(lastMessageOriginal ?? lastMessage!)).toBe(task.contact!.language);
      }
      // A post the trigger quotes is as the contact wrote it.
      const { linkedinActivity, originalPost } = task.context.triggerData ?? {};
      for (const post of [linkedinActivity, originalPost].filter((text) => text !== undefined)) {
        expect(detectLanguage(post), post).toBe(task.contact!.language);
      }
      for (const draft of drafts) {
        // What a reply quotes is checked below: the rest of every draft is the contact's language.
        const own = lastMessage ? draft.replace(lastMessage, '') : draft;
        expect(detectLanguage(own), draft).toBe(task.contact!.language);
      }
    }
  });

  // The offline engine's detailed reply quotes what the contact wrote (drafting/offline-draft.ts
  // fills {message} from lastMessageOriginal when the message was translated for the user).
  it('quotes the contact’s own words in a reply, not the user’s translation of them', async () => {
    for (const { task, drafts } of await draftsToContacts()) {
      const { lastMessage, lastMessageOriginal } = task.context;
      if (!lastMessageOriginal) continue;
      for (const draft of drafts) expect(draft, draft).not.toContain(lastMessage);
    }
  });

  it('names and describes the sample personas, documents, campaigns, sources and keys in the sandbox’s language', async () => {
    const personas = await get<{
      items: Array<{ description: string | null; communicationStyle: string | null }>;
    }>('/api/personas');
    const documents = await get<{ items: Array<{ name: string }> }>('/api/documents');
    const campaigns = await get<{ items: Array<{ name: string; description: string | null }> }>(
      '/api/campaigns',
    );
    const sources = await get<{ items: Array<{ name: string }> }>('/api/signals/sources');
    const keys = await get<{ items: Array<{ name: string; description: string | null }> }>('/api/keys');
    const areas = {
      personas: personas.items.flatMap((persona) => [persona.description, persona.communicationStyle]),
      documents: documents.items.map((document) => document.name),
      campaigns: campaigns.items.flatMap((campaign) => [campaign.name.split(':')[0], campaign.description]),
      sources: sources.items.map((source) => source.name),
      keys: keys.items.flatMap((key) => [key.name, key.description]),
    };
    for (const [area, texts] of Object.entries(areas)) {
      expect(detectLanguage(texts.filter(Boolean).join('. ')), area).toBe(language);
    }
  });
});
