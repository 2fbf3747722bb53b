import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiKeyActions,
  apiKeyResources,
  type ApiKey,
  type ApiKeyPermission,
  type CreatedApiKey,
  type MessengerConnection,
} from '@doppel/contracts';
import { communicationHistory, contacts } from '@doppel/db';
import type { DoppelApp } from '../app';
import { startFakeOpenAiServer, type FakeAiServer } from '../test-support/fake-ai-servers';
import { startFakeTelegram, type FakeTelegram } from '../test-support/fake-messengers/telegram';
import { createTestApp, ManualClock, signedInUser, testConfig } from '../test-support/test-app';
import type { Permission } from './route-permission';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const TELEGRAM_TOKEN = '424242:PUBLICAPItestTOKENabcdef';
const ALL_PERMISSIONS: Permission[] = apiKeyResources.flatMap((resource) =>
  apiKeyActions.map((action): Permission => `${resource}:${action}`),
);

/** Keys as the API keys page gives them: a list of resources with their actions. */
function permissionsOf(granted: Permission[]): ApiKeyPermission[] {
  return apiKeyResources
    .map((resource) => ({
      resource,
      actions: apiKeyActions.filter((action) => granted.includes(`${resource}:${action}`)),
    }))
    .filter((permission) => permission.actions.length > 0);
}

let doppel: DoppelApp;
let telegram: FakeTelegram;
let openAi: FakeAiServer;
const clock = new ManualClock();

beforeAll(async () => {
  [telegram, openAi] = await Promise.all([startFakeTelegram(), startFakeOpenAiServer()]);
  telegram.addBot(TELEGRAM_TOKEN, 'doppel_public_api_bot');
  doppel = await createTestApp({
    clock,
    config: {
      messengerApiUrls: { ...testConfig().messengerApiUrls, telegram: telegram.baseUrl },
      messengerRetry: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 100 },
      aiTimeoutMs: 5000,
    },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([telegram.close(), openAi.close()]);
});

/** The private API as the signed-in user. */
function call(user: User, method: Method, url: string, payload?: object) {
  return doppel.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
}

/** The public API with an API key (or any authorization header). */
function v1(key: string | null, method: Method, url: string, payload?: object) {
  return doppel.app.inject({
    method,
    url,
    payload,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
  });
}

async function createKey(
  user: User,
  granted: Permission[],
  extra: { rateLimit?: { requestsPerMinute: number; requestsPerDay: number }; expiresAt?: string } = {},
): Promise<CreatedApiKey> {
  const response = await call(user, 'POST', '/api/keys', {
    name: `key ${granted.join(' ')}`.slice(0, 100),
    permissions: permissionsOf(granted),
    rateLimit: extra.rateLimit ?? { requestsPerMinute: 1000, requestsPerDay: 100_000 },
    ...(extra.expiresAt && { expiresAt: extra.expiresAt }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

async function keyView(user: User, id: string): Promise<ApiKey> {
  const keys = (await call(user, 'GET', '/api/keys')).json<{ items: ApiKey[] }>().items;
  return keys.find((key) => key.id === id)!;
}

/** A contact with its history, written the way messengers leave them. */
async function seedContact(
  userId: string,
  fields: {
    name: string;
    source: 'telegram' | 'whatsapp' | 'email' | 'linkedin';
    handle?: string;
    company?: string;
  },
  messages: { direction: 'inbound' | 'outbound'; text: string; minutesAgo: number }[] = [],
) {
  const [row] = await doppel.ctx.db
    .insert(contacts)
    .values({ userId, language: 'en', ...fields })
    .returning();
  for (const message of messages) {
    await doppel.ctx.db.insert(communicationHistory).values({
      userId,
      contactId: row!.id,
      direction: message.direction,
      channel: fields.source,
      text: message.text,
      deliveryStatus: message.direction === 'inbound' ? 'received' : 'sent',
      occurredAt: new Date(clock.now().getTime() - message.minutesAgo * 60_000),
    });
  }
  return row!;
}

async function addThought(user: User, content: string): Promise<string> {
  const response = await call(user, 'POST', '/api/documents/thoughts', { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function connectTelegram(user: User): Promise<MessengerConnection> {
  const response = await call(user, 'POST', '/api/messengers', {
    platform: 'telegram',
    credentials: { bot_token: TELEGRAM_TOKEN },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessengerConnection>();
}

interface Fixtures {
  userA: User;
  userB: User;
  /** A's contact on Telegram (connected), with three messages. */
  ada: { id: string };
  /** A's contact by email. */
  emailContact: { id: string };
  aDocument: string;
  bContact: { id: string };
  bDocument: string;
  telegramConnection: MessengerConnection;
  fullKeyA: string;
}
const f = {} as Fixtures;

beforeAll(async () => {
  [f.userA, f.userB] = await Promise.all([signedInUser(doppel), signedInUser(doppel)]);
  f.telegramConnection = await connectTelegram(f.userA);
  f.ada = await seedContact(
    f.userA.userId,
    { name: 'Ada Lovelace', source: 'telegram', handle: '555001', company: 'Analytical Engines' },
    [
      { direction: 'inbound', text: 'First question about pricing', minutesAgo: 30 },
      { direction: 'outbound', text: 'Our answer', minutesAgo: 20 },
      { direction: 'inbound', text: 'Latest follow-up', minutesAgo: 10 },
    ],
  );
  f.emailContact = await seedContact(f.userA.userId, { name: 'Email Person', source: 'email' });
  f.aDocument = await addThought(f.userA, 'Pricing notes: the team plan costs 20 EUR per seat and month.');
  f.bContact = await seedContact(f.userB.userId, { name: 'Bea Secret', source: 'telegram', handle: '777' }, [
    { direction: 'inbound', text: 'Private words of B', minutesAgo: 5 },
  ]);
  f.bDocument = await addThought(f.userB, 'Zanzibarian strategy memo of the other user.');
  f.fullKeyA = (await createKey(f.userA, ALL_PERMISSIONS)).fullKey;
});

/**
 * Every public endpoint with the permission it needs and a request that succeeds for user A.
 * The permission matrix runs over this list, and a test checks it against the OpenAPI document
 * so that no endpoint can be added without being listed here.
 */
interface EndpointCase {
  method: Method;
  /** As in the OpenAPI document. */
  path: string;
  permission: Permission;
  request: () => { url: string; payload?: object };
  status: number;
}
const ENDPOINTS: EndpointCase[] = [
  {
    method: 'GET',
    path: '/api/v1/contacts',
    permission: 'contacts:read',
    request: () => ({ url: '/api/v1/contacts?q=ada&limit=5' }),
    status: 200,
  },
  {
    method: 'GET',
    path: '/api/v1/contacts/{id}',
    permission: 'contacts:read',
    request: () => ({ url: `/api/v1/contacts/${f.ada.id}` }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/api/v1/contacts',
    permission: 'contacts:write',
    request: () => ({ url: '/api/v1/contacts', payload: { name: 'Matrix Contact' } }),
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/v1/contacts/{id}',
    permission: 'contacts:write',
    request: () => ({ url: `/api/v1/contacts/${f.emailContact.id}`, payload: { company: 'Matrix Ltd' } }),
    status: 200,
  },
  {
    method: 'GET',
    path: '/api/v1/contacts/{id}/messages',
    permission: 'messages:read',
    request: () => ({ url: `/api/v1/contacts/${f.ada.id}/messages` }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/api/v1/contacts/{id}/messages',
    permission: 'messages:write',
    request: () => ({ url: `/api/v1/contacts/${f.ada.id}/messages`, payload: { text: 'Matrix hello' } }),
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/v1/knowledge/search',
    permission: 'knowledge_base:read',
    request: () => ({ url: '/api/v1/knowledge/search?q=pricing' }),
    status: 200,
  },
  {
    method: 'GET',
    path: '/api/v1/knowledge/documents',
    permission: 'knowledge_base:read',
    request: () => ({ url: '/api/v1/knowledge/documents' }),
    status: 200,
  },
  {
    method: 'GET',
    path: '/api/v1/knowledge/documents/{id}',
    permission: 'knowledge_base:read',
    request: () => ({ url: `/api/v1/knowledge/documents/${f.aDocument}` }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/api/v1/knowledge/thoughts',
    permission: 'knowledge_base:write',
    request: () => ({
      url: '/api/v1/knowledge/thoughts',
      payload: { content: 'A thought from the matrix.' },
    }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/v1/knowledge/links',
    permission: 'knowledge_base:write',
    request: () => ({ url: '/api/v1/knowledge/links', payload: { url: 'https://example.com/matrix' } }),
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/v1/ai/models',
    permission: 'ai_models:read',
    request: () => ({ url: '/api/v1/ai/models' }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/api/v1/ai/drafts',
    permission: 'ai_models:write',
    request: () => ({ url: '/api/v1/ai/drafts', payload: { message: 'Can we meet next week?' } }),
    status: 200,
  },
];
const endpointName = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

describe('permissions', () => {
  /** Per permission: a key with exactly it, and a key with everything but it. */
  const keys = new Map<Permission, { only: string; allBut: string }>();
  beforeAll(async () => {
    for (const permission of ALL_PERMISSIONS) {
      const [only, allBut] = await Promise.all([
        createKey(f.userA, [permission]),
        createKey(
          f.userA,
          ALL_PERMISSIONS.filter((other) => other !== permission),
        ),
      ]);
      keys.set(permission, { only: only.fullKey, allBut: allBut.fullKey });
    }
  });

  it('lists every public endpoint of the OpenAPI document, with the permission it documents', async () => {
    const doc = (await v1(null, 'GET', '/api/v1/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, Record<string, { security?: object[] }>>)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          operation,
        })),
      )
      .filter(({ path }) => path !== '/api/v1/me');
    expect(documented.map(endpointName).sort()).toEqual(ENDPOINTS.map(endpointName).sort());
    for (const { method, path, operation } of documented) {
      const endpoint = ENDPOINTS.find((candidate) => endpointName(candidate) === `${method} ${path}`)!;
      expect(operation.security, `${method} ${path}`).toEqual([{ bearer: [endpoint.permission] }]);
    }
  });

  describe.each(ENDPOINTS)('$method $path needs $permission', (endpoint) => {
    it('is allowed with a key holding exactly that permission', async () => {
      const { url, payload } = endpoint.request();
      const response = await v1(keys.get(endpoint.permission)!.only, endpoint.method, url, payload);
      expect(response.statusCode, response.body).toBe(endpoint.status);
    });

    it('is refused with 403 naming it for a key holding every other permission', async () => {
      const { url, payload } = endpoint.request();
      const response = await v1(keys.get(endpoint.permission)!.allBut, endpoint.method, url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'forbidden', message: `This API key lacks the ${endpoint.permission} permission.` },
      });
    });
  });

  it('checks the permission before the input: a refused key learns nothing about its body', async () => {
    const response = await v1(keys.get('contacts:write')!.allBut, 'POST', '/api/v1/contacts', { nope: 1 });
    expect(response.statusCode).toBe(403);
  });

  it('answers /me for any valid key', async () => {
    const response = await v1(keys.get('ai_models:read')!.only, 'GET', '/api/v1/me');
    expect(response.statusCode).toBe(200);
    expect(response.json().permissions).toEqual([{ resource: 'ai_models', actions: ['read'] }]);
  });
});

describe('authentication', () => {
  const expect401 = (response: Awaited<ReturnType<typeof v1>>) => {
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  };

  it('refuses a request without a key', async () => {
    expect401(await v1(null, 'GET', '/api/v1/contacts'));
  });

  it('refuses a malformed key and a session token', async () => {
    expect401(await v1('not-a-key', 'GET', '/api/v1/contacts'));
    expect401(await v1('dpl_short', 'GET', '/api/v1/contacts'));
    expect401(await v1(f.userA.accessToken, 'GET', '/api/v1/contacts'));
  });

  it('refuses an unknown key of the right shape', async () => {
    expect401(await v1(`dpl_${randomUUID().replaceAll('-', '')}`, 'GET', '/api/v1/contacts'));
  });

  it('refuses a key once it is revoked', async () => {
    const key = await createKey(f.userA, ['contacts:read']);
    expect((await v1(key.fullKey, 'GET', '/api/v1/contacts')).statusCode).toBe(200);
    const revoked = await call(f.userA, 'PATCH', `/api/keys/${key.id}`, { isActive: false });
    expect(revoked.statusCode).toBe(200);
    expect401(await v1(key.fullKey, 'GET', '/api/v1/contacts'));
  });

  it('does not answer a private route with a key', async () => {
    const response = await v1(f.fullKeyA, 'GET', '/api/tasks');
    expect(response.statusCode).toBe(401);
  });
});

describe('contacts', () => {
  it('creates, reads, lists and updates a contact; unknown fields are refused', async () => {
    const created = await v1(f.fullKeyA, 'POST', '/api/v1/contacts', {
      name: '  Grace Hopper ',
      company: 'Navy',
      language: 'EN',
      source: 'telegram',
      handle: '9001',
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      name: 'Grace Hopper',
      company: 'Navy',
      language: 'en',
      source: 'telegram',
      handle: '9001',
    });

    expect((await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${contact.id}`)).json()).toEqual(contact);
    const listed = (await v1(f.fullKeyA, 'GET', '/api/v1/contacts?q=hopper')).json();
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([contact.id]);

    const updated = await v1(f.fullKeyA, 'PATCH', `/api/v1/contacts/${contact.id}`, {
      company: '',
      language: 'fr',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Grace Hopper',
      company: null,
      language: 'fr',
      handle: '9001',
    });

    for (const payload of [{}, { userId: f.userB.userId }, { name: 'X', isAdmin: true }]) {
      const refused = await v1(f.fullKeyA, 'PATCH', `/api/v1/contacts/${contact.id}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await v1(f.fullKeyA, 'POST', '/api/v1/contacts', { name: 'Y', userId: 'x' })).statusCode).toBe(
      400,
    );
    expect((await v1(f.fullKeyA, 'POST', '/api/v1/contacts', { company: 'no name' })).statusCode).toBe(400);
    expect((await v1(f.fullKeyA, 'GET', '/api/v1/contacts?limit=1000')).statusCode).toBe(400);
    expect((await v1(f.fullKeyA, 'GET', '/api/v1/contacts?owner=me')).statusCode).toBe(400);
  });

  it('pages a contact’s history newest first', async () => {
    const contact = await seedContact(f.userA.userId, { name: 'Paged Person', source: 'email' }, [
      { direction: 'inbound', text: 'one', minutesAgo: 3 },
      { direction: 'outbound', text: 'two', minutesAgo: 2 },
      { direction: 'inbound', text: 'three', minutesAgo: 1 },
    ]);
    const first = (await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${contact.id}/messages?limit=2`)).json();
    expect(first.items.map((item: { text: string }) => item.text)).toEqual(['three', 'two']);
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true });
    expect(first.items[0]).toMatchObject({
      direction: 'inbound',
      channel: 'email',
      deliveryStatus: 'received',
    });
    const second = (
      await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${contact.id}/messages?limit=2&page=2`)
    ).json();
    expect(second.items.map((item: { text: string }) => item.text)).toEqual(['one']);
    expect(second.hasMore).toBe(false);
  });
});

describe('sending messages', () => {
  // Each send happens a moment after the last, as it would: the history is ordered by time.
  beforeEach(() => clock.advance(1000));

  it('delivers through the connected Telegram to the contact’s chat and records it', async () => {
    const before = telegram.sent(TELEGRAM_TOKEN).length;
    const response = await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${f.ada.id}/messages`, {
      text: '  Hello Ada, here is the offer.  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      contactId: f.ada.id,
      direction: 'outbound',
      channel: 'telegram',
      text: 'Hello Ada, here is the offer.',
      deliveryStatus: 'sent',
      deliveryError: null,
    });
    expect(entry.externalId).toBeTruthy();
    const sent = telegram.sent(TELEGRAM_TOKEN).slice(before);
    expect(sent).toHaveLength(1);
    expect(String(sent[0]!.chat_id)).toBe('555001');
    expect(sent[0]!.text).toBe('Hello Ada, here is the offer.');

    const history = (await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${f.ada.id}/messages?limit=1`)).json();
    expect(history.items[0]).toEqual(entry);
  });

  it('answers 409 when the message cannot go out, and records nothing', async () => {
    const whatsApp = await seedContact(f.userA.userId, {
      name: 'WA Person',
      source: 'whatsapp',
      handle: '4915',
    });
    const noHandle = await seedContact(f.userA.userId, { name: 'No Handle', source: 'telegram' });
    const mailed = await seedContact(f.userA.userId, {
      name: 'Mail Person',
      source: 'email',
      handle: 'mail.person@example.com',
    });
    const linkedIn = await seedContact(f.userA.userId, { name: 'LI Person', source: 'linkedin' });
    const cases: [string, RegExp][] = [
      [linkedIn.id, /not a channel Doppel sends through/],
      [f.emailContact.id, /no Email handle/],
      [mailed.id, /No Email messenger is connected/],
      [whatsApp.id, /No WhatsApp messenger is connected/],
      [noHandle.id, /no Telegram handle/],
    ];
    for (const [contactId, message] of cases) {
      const response = await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${contactId}/messages`, { text: 'Hi' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'conflict',
        message: expect.stringMatching(message),
      });
      expect((await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${contactId}/messages`)).json().total).toBe(0);
    }

    const off = await call(f.userA, 'PATCH', `/api/messengers/${f.telegramConnection.id}`, {
      permissions: ['read_messages'],
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const response = await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${f.ada.id}/messages`, { text: 'Hi' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toMatch(/Sending is turned off/);
    } finally {
      await call(f.userA, 'PATCH', `/api/messengers/${f.telegramConnection.id}`, {
        permissions: ['read_messages', 'send_messages'],
      });
    }
  });

  it('records a refusal by the platform as failed and answers 502', async () => {
    telegram.failNext('sendMessage', 403);
    const response = await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${f.ada.id}/messages`, {
      text: 'Blocked?',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('messenger_failed');
    const history = (await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${f.ada.id}/messages?limit=1`)).json();
    expect(history.items[0]).toMatchObject({ text: 'Blocked?', deliveryStatus: 'failed' });
    expect(history.items[0].deliveryError).toBeTruthy();
  });

  it('refuses an empty text', async () => {
    const response = await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${f.ada.id}/messages`, { text: '   ' });
    expect(response.statusCode).toBe(400);
  });
});

describe('knowledge base', () => {
  it('searches, lists and reads the owner’s documents and adds thoughts and links', async () => {
    const search = (await v1(f.fullKeyA, 'GET', '/api/v1/knowledge/search?q=seat')).json();
    expect(search.hits.map((hit: { documentId: string }) => hit.documentId)).toContain(f.aDocument);

    const thought = await v1(f.fullKeyA, 'POST', '/api/v1/knowledge/thoughts', {
      content: '# Onboarding\nNew customers get a kickoff call.',
    });
    expect(thought.statusCode, thought.body).toBe(201);
    expect(thought.json()).toMatchObject({ name: 'Onboarding', category: 'thoughts', status: 'processed' });

    const link = await v1(f.fullKeyA, 'POST', '/api/v1/knowledge/links', { url: 'https://example.com/a' });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json()).toMatchObject({ category: 'links', status: 'pending', url: 'https://example.com/a' });
    expect((await v1(f.fullKeyA, 'POST', '/api/v1/knowledge/links', { url: 'ftp://x' })).statusCode).toBe(
      400,
    );

    const list = (await v1(f.fullKeyA, 'GET', '/api/v1/knowledge/documents?limit=100')).json();
    const ids = list.items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([f.aDocument, thought.json().id, link.json().id]));
    const one = (await v1(f.fullKeyA, 'GET', `/api/v1/knowledge/documents/${f.aDocument}`)).json();
    expect(one.contentPreview).toContain('20 EUR per seat');
  });
});

describe('AI', () => {
  it('lists the models and drafts with the offline engine when the user has none', async () => {
    const models = (await v1(f.fullKeyA, 'GET', '/api/v1/ai/models')).json();
    expect(models.defaultModelId).toBe('offline');

    const response = await v1(f.fullKeyA, 'POST', '/api/v1/ai/drafts', {
      message: 'Could you send me your pricing?',
      contactId: f.ada.id,
      kind: 'detailed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json();
    expect(draft.engine).toEqual({ kind: 'offline', model: null });
    expect(draft).toMatchObject({ kind: 'detailed', language: 'en' });
    expect(draft.text).toContain('Ada');
    expect(draft.text).toContain('Could you send me your pricing?');

    const french = (
      await v1(f.fullKeyA, 'POST', '/api/v1/ai/drafts', { message: 'Hello', language: 'fr' })
    ).json();
    expect(french.language).toBe('fr');
    expect(
      (await v1(f.fullKeyA, 'POST', '/api/v1/ai/drafts', { message: 'x', kind: 'long' })).statusCode,
    ).toBe(400);
  });

  it('drafts with the user’s own model and says so', async () => {
    const user = await signedInUser(doppel);
    const created = await call(user, 'POST', '/api/ai/models', {
      name: 'Fake GPT',
      provider: 'openai-compatible',
      modelId: 'fake-gpt',
      baseUrl: openAi.baseUrl,
      apiKey: 'sk-test',
    });
    expect(created.statusCode, created.body).toBe(201);
    await call(user, 'PATCH', '/api/settings', { aiPreferences: { defaultModel: created.json().id } });
    const key = await createKey(user, ['ai_models:write', 'ai_models:read']);
    openAi.script({ kind: 'reply', text: 'Sure — Tuesday at 10 works for me.', match: 'meet on Tuesday' });

    const response = await v1(key.fullKey, 'POST', '/api/v1/ai/drafts', {
      message: 'Can we meet on Tuesday?',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      text: 'Sure — Tuesday at 10 works for me.',
      engine: { kind: 'model', model: 'fake-gpt' },
    });
    const models = (await v1(key.fullKey, 'GET', '/api/v1/ai/models')).json();
    expect(models.defaultModelId).toBe(created.json().id);
    expect(JSON.stringify(models)).not.toContain('sk-test');
  });
});

describe('isolation between users', () => {
  it('never lets user A’s key reach user B’s contacts, history or documents', async () => {
    const notFound = [
      await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${f.bContact.id}`),
      await v1(f.fullKeyA, 'PATCH', `/api/v1/contacts/${f.bContact.id}`, { name: 'Hijacked' }),
      await v1(f.fullKeyA, 'GET', `/api/v1/contacts/${f.bContact.id}/messages`),
      await v1(f.fullKeyA, 'POST', `/api/v1/contacts/${f.bContact.id}/messages`, { text: 'Hi B' }),
      await v1(f.fullKeyA, 'GET', `/api/v1/knowledge/documents/${f.bDocument}`),
      await v1(f.fullKeyA, 'POST', '/api/v1/ai/drafts', { message: 'Hi', contactId: f.bContact.id }),
    ];
    for (const response of notFound) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.body).not.toContain('Bea Secret');
    }
    const contactsOfA = (await v1(f.fullKeyA, 'GET', '/api/v1/contacts?limit=100')).json();
    expect(contactsOfA.items.map((item: { id: string }) => item.id)).not.toContain(f.bContact.id);
    const documentsOfA = (await v1(f.fullKeyA, 'GET', '/api/v1/knowledge/documents?limit=100')).json();
    expect(documentsOfA.items.map((item: { id: string }) => item.id)).not.toContain(f.bDocument);
    const search = (await v1(f.fullKeyA, 'GET', '/api/v1/knowledge/search?q=zanzibarian')).json();
    expect(search.hits).toEqual([]);

    // B's contact is untouched.
    const fullKeyB = (await createKey(f.userB, ALL_PERMISSIONS)).fullKey;
    const bView = (await v1(fullKeyB, 'GET', `/api/v1/contacts/${f.bContact.id}`)).json();
    expect(bView.name).toBe('Bea Secret');
    const bHistory = (await v1(fullKeyB, 'GET', `/api/v1/contacts/${f.bContact.id}/messages`)).json();
    expect(bHistory.items.map((item: { text: string }) => item.text)).toEqual(['Private words of B']);
  });
});

describe('OpenAPI document and docs page', () => {
  it('publishes an OpenAPI 3.1 document of the public paths only, without a key', async () => {
    const response = await v1(null, 'GET', '/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    const paths = Object.keys(doc.paths);
    expect(paths.sort()).toEqual([...new Set(['/api/v1/me', ...ENDPOINTS.map((e) => e.path)])].sort());
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(
      doc.paths['/api/v1/contacts'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['name']);
    expect(doc.paths['/api/v1/contacts/{id}/messages'].post.responses['201']).toBeDefined();
  });

  it('keeps the private document where it was', async () => {
    const doc = (await v1(null, 'GET', '/api/openapi.json')).json();
    expect(doc.info.title).toBe('Doppel private API');
    expect(Object.keys(doc.paths)).toContain('/api/tasks');
  });

  it('serves a readable HTML page of every endpoint without a key and without scripts', async () => {
    const response = await v1(null, 'GET', '/api/v1/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script/i);
    for (const endpoint of ENDPOINTS) {
      expect(html).toContain(`${endpoint.method}</span> <code>${endpoint.path}</code>`);
      expect(html).toContain(`<code>${endpoint.permission}</code>`);
    }
    expect(html).toContain(`curl -X POST &#39;http://doppel.test/api/v1/contacts&#39;`);
    expect(html).toContain('Authorization: Bearer $DOPPEL_API_KEY');
    expect(html).toContain('<code>message</code>');
  });
});

/** Moves the shared clock; last in the file, so earlier sessions and windows are not disturbed. */
describe('limits, expiry and usage', () => {
  it('allows exactly the per-minute limit, then 429 with Retry-After until the minute has passed', async () => {
    const key = await createKey(f.userA, ['contacts:read'], {
      rateLimit: { requestsPerMinute: 3, requestsPerDay: 1000 },
    });
    for (let index = 1; index <= 3; index++) {
      const response = await v1(key.fullKey, 'GET', '/api/v1/me');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit']).toBe(`limit=3, remaining=${3 - index}, reset=60`);
      expect(response.headers['ratelimit-policy']).toBe('3;w=60, 1000;w=86400');
    }
    const refused = await v1(key.fullKey, 'GET', '/api/v1/me');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['ratelimit']).toBe('limit=3, remaining=0, reset=60');
    expect((await keyView(f.userA, key.id)).usageCount).toBe(3);

    clock.advance(30_000);
    const stillRefused = await v1(key.fullKey, 'GET', '/api/v1/me');
    expect(stillRefused.statusCode).toBe(429);
    expect(stillRefused.headers['retry-after']).toBe('30');

    clock.advance(30_000);
    const again = await v1(key.fullKey, 'GET', '/api/v1/me');
    expect(again.statusCode).toBe(200);
    expect(again.headers['ratelimit']).toBe('limit=3, remaining=2, reset=60');
  });

  it('stops a 5-per-day key after 5 requests, even across minutes', async () => {
    const key = await createKey(f.userA, ['contacts:read'], {
      rateLimit: { requestsPerMinute: 100, requestsPerDay: 5 },
    });
    for (let index = 0; index < 3; index++) {
      expect((await v1(key.fullKey, 'GET', '/api/v1/contacts')).statusCode).toBe(200);
    }
    clock.advance(61_000);
    for (let index = 0; index < 2; index++) {
      expect((await v1(key.fullKey, 'GET', '/api/v1/contacts')).statusCode).toBe(200);
    }
    const refused = await v1(key.fullKey, 'GET', '/api/v1/contacts');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['ratelimit']).toBe(`limit=5, remaining=0, reset=${86_400 - 61}`);
    expect(Number(refused.headers['retry-after'])).toBe(86_400 - 61);
    clock.advance(61_000);
    expect((await v1(key.fullKey, 'GET', '/api/v1/contacts')).statusCode).toBe(429);
    expect((await keyView(f.userA, key.id)).usageCount).toBe(5);
  });

  it('counts usage and stamps the last use', async () => {
    const key = await createKey(f.userA, ['contacts:read']);
    expect(await keyView(f.userA, key.id)).toMatchObject({ usageCount: 0, lastUsedAt: null });
    await v1(key.fullKey, 'GET', '/api/v1/contacts');
    clock.advance(5_000);
    const at = clock.now().toISOString();
    await v1(key.fullKey, 'GET', '/api/v1/me');
    expect(await keyView(f.userA, key.id)).toMatchObject({ usageCount: 2, lastUsedAt: at });
  });

  it('refuses a key once it has expired', async () => {
    const key = await createKey(f.userA, ['contacts:read'], {
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    expect((await v1(key.fullKey, 'GET', '/api/v1/contacts')).statusCode).toBe(200);
    clock.advance(60_000);
    const response = await v1(key.fullKey, 'GET', '/api/v1/contacts');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });
});
