import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiModels, and, eq, tokenUsage } from '@doppel/db';
import type { DoppelApp } from '../../app';
import {
  startFakeAnthropicServer,
  startFakeOpenAiServer,
  type FakeAiServer,
} from '../../test-support/fake-ai-servers';
import { generateForUser, streamForUser } from './call-model';
import { resolveModel } from './resolve-model';
import { ManualClock, createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';

let doppel: DoppelApp;
let openAi: FakeAiServer;
let anthropic: FakeAiServer;
const clock = new ManualClock(new Date('2026-03-15T12:00:00Z'));

beforeAll(async () => {
  [openAi, anthropic] = await Promise.all([startFakeOpenAiServer(), startFakeAnthropicServer()]);
  doppel = await createTestApp({
    clock,
    config: {
      ai: {
        provider: 'openai-compatible',
        model: 'server-model',
        baseUrl: openAi.baseUrl,
        apiKey: 'server-key',
      },
      aiTimeoutMs: 5000,
    },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([openAi.close(), anthropic.close()]);
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (
  user: { accessToken: string },
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function addModel(user: User, fields: Record<string, unknown> = {}) {
  const response = await call(user, 'POST', '/api/ai/models', {
    name: 'Local Llama',
    provider: 'openai-compatible',
    modelId: 'llama-test',
    baseUrl: openAi.baseUrl,
    apiKey: 'sk-secret-123',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; hasApiKey: boolean }>();
}

async function usageRows(userId: string) {
  return doppel.ctx.db.select().from(tokenUsage).where(eq(tokenUsage.userId, userId));
}

describe('AI models', () => {
  it('lists the offline engine and the server default, then the user’s models, never a key', async () => {
    const user = await signedInUser(doppel);
    const empty = (await call(user, 'GET', '/api/ai/models')).json();
    expect(empty.items.map((m: { id: string }) => m.id)).toEqual(['offline', 'server']);
    expect(empty.defaultModelId).toBe('server');
    expect(empty.temperature).toBe(0.7);
    expect(empty.items[1]).toMatchObject({
      kind: 'server',
      readOnly: true,
      modelId: 'server-model',
      hasApiKey: true,
    });

    const created = await addModel(user);
    expect(created.hasApiKey).toBe(true);
    const list = await call(user, 'GET', '/api/ai/models');
    expect(list.body).not.toContain('sk-secret-123');
    expect(list.body).not.toContain('server-key');
    expect(list.json().items[2]).toMatchObject({
      id: created.id,
      kind: 'user',
      name: 'Local Llama',
      readOnly: false,
    });

    const [row] = await doppel.ctx.db.select().from(aiModels).where(eq(aiModels.id, created.id));
    expect(row!.apiKeyEncrypted).toBeTruthy();
    expect(row!.apiKeyEncrypted).not.toContain('sk-secret-123');
    expect(doppel.ctx.secrets.decryptSecret(row!.apiKeyEncrypted!, created.id)).toBe('sk-secret-123');
  });

  it('configures a model: an omitted key is kept, an empty one clears it', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    const renamed = await call(user, 'PATCH', `/api/ai/models/${created.id}`, { name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', hasApiKey: true });
    const [kept] = await doppel.ctx.db.select().from(aiModels).where(eq(aiModels.id, created.id));
    expect(doppel.ctx.secrets.decryptSecret(kept!.apiKeyEncrypted!, created.id)).toBe('sk-secret-123');

    const cleared = await call(user, 'PATCH', `/api/ai/models/${created.id}`, { apiKey: '' });
    expect(cleared.json().hasApiKey).toBe(false);
    const [row] = await doppel.ctx.db.select().from(aiModels).where(eq(aiModels.id, created.id));
    expect(row!.apiKeyEncrypted).toBeNull();
  });

  it('accepts only http and https base URLs and needs one for OpenAI-compatible models', async () => {
    const user = await signedInUser(doppel);
    for (const baseUrl of ['file:///etc/passwd', 'ftp://example.com/v1', 'javascript:alert(1)']) {
      const response = await call(user, 'POST', '/api/ai/models', {
        name: 'Bad',
        provider: 'openai',
        modelId: 'gpt',
        baseUrl,
      });
      expect(response.statusCode, baseUrl).toBe(400);
    }
    const missing = await call(user, 'POST', '/api/ai/models', {
      name: 'No URL',
      provider: 'openai-compatible',
      modelId: 'llama',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ baseUrl: 'required' });
  });

  it('keeps every user to their own models', async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const created = await addModel(owner);
    const list = (await call(stranger, 'GET', '/api/ai/models')).json();
    expect(list.items.map((m: { id: string }) => m.id)).not.toContain(created.id);
    for (const [method, url, payload] of [
      ['PATCH', `/api/ai/models/${created.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/ai/models/${created.id}`, undefined],
      ['POST', `/api/ai/models/${created.id}/test`, undefined],
    ] as const) {
      const response = await call(stranger, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(owner, 'GET', '/api/ai/models')).json().items).toHaveLength(3);
    expect((await call(owner, 'DELETE', `/api/ai/models/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', '/api/ai/models')).json().items).toHaveLength(2);
  });

  it('uses the saved main model and falls back when it is deleted', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    await call(user, 'PATCH', '/api/settings', {
      aiPreferences: { defaultModel: created.id, temperature: 0.3 },
    });
    const list = (await call(user, 'GET', '/api/ai/models')).json();
    expect(list).toMatchObject({ defaultModelId: created.id, temperature: 0.3 });
    expect(list.items.find((m: { id: string }) => m.id === created.id).isDefault).toBe(true);
    await call(user, 'DELETE', `/api/ai/models/${created.id}`);
    expect((await call(user, 'GET', '/api/ai/models')).json().defaultModelId).toBe('server');
    expect((await call(user, 'GET', '/api/settings')).json().aiPreferences.defaultModel).toBeNull();
  });

  it('refuses demo users: they draft with the offline engine', async () => {
    const demo = (
      await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() })
    ).json<{ accessToken: string }>();
    const list = (await call(demo, 'GET', '/api/ai/models')).json();
    expect(list.defaultModelId).toBe('offline');
    const create = await call(demo, 'POST', '/api/ai/models', {
      name: 'x',
      provider: 'openai',
      modelId: 'gpt',
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('demo_restricted');
    expect((await call(demo, 'POST', '/api/ai/models/server/test')).json().error.code).toBe(
      'demo_restricted',
    );
    expect((await call(demo, 'POST', '/api/ai/models/offline/test')).json().ok).toBe(true);
  });
});

describe('testing a model', () => {
  it('makes a real call to an OpenAI-compatible server with the stored key and records the usage', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    openAi.script({ kind: 'reply', text: 'OK', promptTokens: 12, completionTokens: 3 });
    const before = openAi.requests.length;
    const response = await call(user, 'POST', `/api/ai/models/${created.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, text: 'OK' });
    expect(response.json().latencyMs).toBeGreaterThanOrEqual(0);
    const sent = openAi.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe('Bearer sk-secret-123');
    expect(sent[0]!.body.model).toBe('llama-test');
    expect(JSON.stringify(sent[0]!.body.messages)).toContain('Reply with OK');

    const rows = await usageRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      model: 'llama-test',
      provider: 'openai-compatible',
      purpose: 'test',
      promptTokens: 12,
      completionTokens: 3,
    });
  });

  it('makes a real call to Anthropic', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user, {
      name: 'Claude',
      provider: 'anthropic',
      modelId: 'claude-test',
      baseUrl: anthropic.baseUrl,
      apiKey: 'sk-ant-1',
    });
    anthropic.script({ kind: 'reply', text: 'OK from Claude', promptTokens: 20, completionTokens: 4 });
    const before = anthropic.requests.length;
    const response = await call(user, 'POST', `/api/ai/models/${created.id}/test`);
    expect(response.json()).toMatchObject({ ok: true, text: 'OK from Claude' });
    expect(anthropic.requests[before]!.headers['x-api-key']).toBe('sk-ant-1');
    const rows = await usageRows(user.userId);
    expect(rows[0]).toMatchObject({
      model: 'claude-test',
      provider: 'anthropic',
      promptTokens: 20,
      completionTokens: 4,
    });
  });

  it('tests the server default model', async () => {
    const user = await signedInUser(doppel);
    openAi.script({ kind: 'reply', text: 'OK' });
    const before = openAi.requests.length;
    expect((await call(user, 'POST', '/api/ai/models/server/test')).json()).toMatchObject({ ok: true });
    expect(openAi.requests[before]!.headers.authorization).toBe('Bearer server-key');
    expect((await usageRows(user.userId))[0]).toMatchObject({ model: 'server-model', purpose: 'test' });
  });

  it('shows the provider’s error when it keeps failing, after bounded retries', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    const failure = { kind: 'status', status: 500, message: 'model overloaded', retryAfter: '0' } as const;
    openAi.script(failure, failure, failure, failure);
    const before = openAi.requests.length;
    const response = await call(user, 'POST', `/api/ai/models/${created.id}/test`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('ai_provider_failed');
    expect(body.error.message).toContain('model overloaded');
    // One call and two retries, then the error; nothing is metered.
    expect(openAi.requests.length - before).toBe(3);
    expect(await usageRows(user.userId)).toHaveLength(0);
    openAi.script();
  });

  it('retries a 429 after the Retry-After the provider asked for, then succeeds', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    openAi.script(
      { kind: 'status', status: 429, message: 'slow down', retryAfter: '1' },
      { kind: 'reply', text: 'OK' },
    );
    const before = openAi.requests.length;
    const response = await call(user, 'POST', `/api/ai/models/${created.id}/test`);
    expect(response.json()).toMatchObject({ ok: true, text: 'OK' });
    const sent = openAi.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(await usageRows(user.userId)).toHaveLength(1);
  });

  it('refuses a call once this month’s quota is used up, without calling the provider', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    await doppel.ctx.db.insert(tokenUsage).values({
      userId: user.userId,
      model: 'llama-test',
      provider: 'openai-compatible',
      purpose: 'draft',
      promptTokens: 600_000,
      completionTokens: 400_000,
      createdAt: clock.now(),
    });
    const before = openAi.requests.length;
    const response = await call(user, 'POST', `/api/ai/models/${created.id}/test`);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'token_quota_exceeded',
      message: 'Token quota for this month is used up',
    });
    expect(openAi.requests.length).toBe(before);
  });

  it('counts only this month against the quota', async () => {
    const user = await signedInUser(doppel);
    await doppel.ctx.db.insert(tokenUsage).values({
      userId: user.userId,
      model: 'old',
      provider: 'openai',
      purpose: 'draft',
      promptTokens: 2_000_000,
      completionTokens: 0,
      createdAt: new Date('2026-02-28T23:59:00Z'),
    });
    expect((await call(user, 'POST', '/api/ai/models/server/test')).json().ok).toBe(true);
  });
});

describe('token usage', () => {
  it('reports this month against the plan, per model and for each of the last 30 days', async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const row = (
      userId: string,
      model: string,
      at: string,
      promptTokens: number,
      completionTokens: number,
    ) => ({
      userId,
      model,
      provider: 'openai',
      purpose: 'draft' as const,
      promptTokens,
      completionTokens,
      createdAt: new Date(at),
    });
    await doppel.ctx.db.insert(tokenUsage).values([
      row(user.userId, 'gpt-a', '2026-03-15T08:00:00Z', 100, 50),
      row(user.userId, 'gpt-a', '2026-03-15T09:00:00Z', 10, 5),
      row(user.userId, 'gpt-b', '2026-03-02T23:30:00Z', 1000, 0),
      // Last month: in the daily chart, not in this month's figures.
      row(user.userId, 'gpt-b', '2026-02-20T10:00:00Z', 7, 0),
      // Older than 30 days: nowhere.
      row(user.userId, 'gpt-c', '2026-01-01T10:00:00Z', 999, 0),
      row(other.userId, 'gpt-a', '2026-03-15T08:00:00Z', 5000, 0),
    ]);
    const response = await call(user, 'GET', '/api/usage/tokens');
    expect(response.statusCode).toBe(200);
    const usage = response.json();
    expect(usage).toMatchObject({ used: 1165, total: 1_000_000, periodStart: '2026-03-01T00:00:00.000Z' });
    expect(usage.byModel).toEqual([
      { model: 'gpt-b', tokens: 1000 },
      { model: 'gpt-a', tokens: 165 },
    ]);
    expect(usage.daily).toHaveLength(30);
    expect(usage.daily[0]).toEqual({ date: '2026-02-14', tokens: 0 });
    expect(usage.daily[29]).toEqual({ date: '2026-03-15', tokens: 165 });
    const byDate = Object.fromEntries(
      usage.daily.map((d: { date: string; tokens: number }) => [d.date, d.tokens]),
    );
    expect(byDate['2026-03-02']).toBe(1000);
    expect(byDate['2026-02-20']).toBe(7);
    expect(usage.daily.reduce((sum: number, d: { tokens: number }) => sum + d.tokens, 0)).toBe(1172);
  });

  it('matches the usage a test call recorded', async () => {
    const user = await signedInUser(doppel);
    openAi.script({ kind: 'reply', text: 'OK', promptTokens: 30, completionTokens: 7 });
    await call(user, 'POST', '/api/ai/models/server/test');
    const usage = (await call(user, 'GET', '/api/usage/tokens')).json();
    expect(usage.used).toBe(37);
    expect(usage.byModel).toEqual([{ model: 'server-model', tokens: 37 }]);
    expect(usage.daily[29]).toEqual({ date: '2026-03-15', tokens: 37 });
    const rows = await doppel.ctx.db
      .select()
      .from(tokenUsage)
      .where(and(eq(tokenUsage.userId, user.userId), eq(tokenUsage.purpose, 'test')));
    expect(rows).toHaveLength(1);
  });
});

describe('a provider that hangs', () => {
  it('answers a clear timeout within AI_TIMEOUT_MS', async () => {
    const quick = await createTestApp({ clock, config: { ai: null, aiTimeoutMs: 300 } });
    try {
      const { accessToken } = await signedInUser(quick);
      const headers = { authorization: `Bearer ${accessToken}` };
      const created = await quick.app.inject({
        method: 'POST',
        url: '/api/ai/models',
        headers,
        payload: { name: 'Slow', provider: 'openai', modelId: 'gpt-slow', baseUrl: openAi.baseUrl },
      });
      openAi.script({ kind: 'hang' });
      const started = Date.now();
      const response = await quick.app.inject({
        method: 'POST',
        url: `/api/ai/models/${created.json().id}/test`,
        headers,
      });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(response.json()).toMatchObject({
        ok: false,
        error: { code: 'ai_timeout', reason: 'ai_timed_out' },
      });
      expect(response.json().error.message).toBe('The AI provider did not answer within 0.3 s');
    } finally {
      await quick.app.close();
    }
  });
});

describe('calls for a user', () => {
  it('uses the main model with the saved temperature and meters streamed and plain calls by purpose', async () => {
    const user = await signedInUser(doppel);
    const created = await addModel(user);
    await call(user, 'PATCH', '/api/settings', {
      aiPreferences: { defaultModel: created.id, temperature: 0.2 },
    });
    const auth = { userId: user.userId, sessionId: 'n/a', isDemo: false };
    const model = await resolveModel(doppel.ctx, auth);
    if (model.kind !== 'provider') throw new Error('expected a provider model');
    expect(model.config).toMatchObject({ model: 'llama-test', apiKey: 'sk-secret-123' });

    openAi.script(
      { kind: 'reply', text: 'Dear Anna, thanks!', promptTokens: 50, completionTokens: 6 },
      { kind: 'reply', text: 'Bonjour', promptTokens: 8, completionTokens: 2 },
    );
    const before = openAi.requests.length;
    const stream = await streamForUser(doppel.ctx, user.userId, model, {
      purpose: 'draft',
      prompt: 'Draft it',
    });
    let text = '';
    for await (const piece of stream.textStream) text += piece;
    expect(text).toBe('Dear Anna, thanks!');
    await generateForUser(doppel.ctx, user.userId, model, { purpose: 'translation', prompt: 'Hello' });
    expect(openAi.requests[before]!.body.temperature).toBe(0.2);
    expect(openAi.requests[before]!.body.stream).toBe(true);

    const rows = await usageRows(user.userId);
    const byPurpose = Object.fromEntries(rows.map((r) => [r.purpose, r.promptTokens + r.completionTokens]));
    expect(byPurpose).toEqual({ draft: 56, translation: 10 });
  });

  it('resolves demo users to the offline engine', async () => {
    const auth = { userId: (await signedInUser(doppel)).userId, sessionId: 'n/a', isDemo: true };
    expect((await resolveModel(doppel.ctx, auth)).kind).toBe('offline');
  });
});

describe("a user's model base URL", () => {
  it("cannot reach the server's own network unless the operator allows it", async () => {
    const guarded = await createTestApp({ config: { aiAllowPrivateBaseUrls: false, aiTimeoutMs: 5000 } });
    try {
      const user = await signedInUser(guarded);
      const headers = { authorization: `Bearer ${user.accessToken}` };
      const created = await guarded.app.inject({
        method: 'POST',
        url: '/api/ai/models',
        headers,
        payload: { name: 'Internal', provider: 'openai-compatible', modelId: 'm', baseUrl: openAi.baseUrl },
      });
      expect(created.statusCode).toBe(201);
      const before = openAi.requests.length;
      const tested = await guarded.app.inject({
        method: 'POST',
        url: `/api/ai/models/${created.json().id}/test`,
        headers,
      });
      expect(tested.json()).toMatchObject({
        ok: false,
        error: {
          code: 'ai_provider_failed',
          message: expect.stringMatching(/internal network address.*AI_ALLOW_PRIVATE_BASE_URLS=true/),
          reason: 'private_base_url_refused',
        },
      });
      expect(openAi.requests.length).toBe(before);
    } finally {
      await guarded.app.close();
    }
  });
});
