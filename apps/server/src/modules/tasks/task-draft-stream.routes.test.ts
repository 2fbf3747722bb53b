import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftStreamEvent } from '@doppel/contracts';
import { eq, tokenUsage } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { startFakeOpenAiServer, type FakeAiServer } from '../../test-support/fake-ai-servers';
import { createTestApp, seedContactWithMessage, signedInUser } from '../../test-support/test-app';
import { streamEvents } from '../../test-support/ai-test-bed';

let doppel: DoppelApp;
let openAi: FakeAiServer;
beforeAll(async () => {
  openAi = await startFakeOpenAiServer();
  doppel = await createTestApp({ config: { aiTimeoutMs: 5000 } });
});
afterAll(async () => {
  await doppel.app.close();
  await openAi.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

const events = (body: string) => streamEvents<DraftStreamEvent>(body);

async function germanTask(user: User) {
  const contact = await seedContactWithMessage(
    doppel,
    user.userId,
    { name: 'Hans', company: 'Nordlicht', language: 'de' },
    'Wir planen einen Pilot im Mai.',
  );
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply to Hans',
    type: 'message_reply',
    contactId: contact.id,
    context: { lastMessage: 'Können wir nächste Woche sprechen?' },
  });
  return response.json<{ id: string }>();
}

async function useFakeModel(user: User) {
  const created = await call(user, 'POST', '/api/ai/models', {
    name: 'Fake',
    provider: 'openai-compatible',
    modelId: 'fake-writer',
    baseUrl: openAi.baseUrl,
    apiKey: 'k',
  });
  await call(user, 'PATCH', '/api/settings', { aiPreferences: { defaultModel: created.json().id } });
}

describe('streamed drafts', () => {
  it('come from the offline engine when no model is configured, and are saved', async () => {
    const user = await signedInUser(doppel);
    const task = await germanTask(user);
    const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const [delta, done] = events(response.body);
    expect(delta).toEqual({
      type: 'delta',
      text: 'Hallo Hans, danke – klingt gut. Ich melde mich heute noch mit den Details.',
    });
    expect(done).toMatchObject({ type: 'done', engine: { kind: 'offline', model: null } });
    expect(done?.type === 'done' && done.task.responses.quick).toBe(delta?.type === 'delta' && delta.text);
  });

  it("stream the model's words as they come, save the whole draft and meter the tokens", async () => {
    const user = await signedInUser(doppel);
    const task = await germanTask(user);
    await useFakeModel(user);
    openAi.script({
      kind: 'reply',
      text: 'Hallo Hans, sehr gern – wie wäre Dienstag?',
      promptTokens: 120,
      completionTokens: 14,
    });

    const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'detailed' });
    const all = events(response.body);
    const deltas = all.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.type === 'delta' && event.text).join('')).toBe(
      'Hallo Hans, sehr gern – wie wäre Dienstag?',
    );
    const done = all.at(-1);
    expect(done).toMatchObject({ type: 'done', engine: { kind: 'model', model: 'fake-writer' } });
    expect(done?.type === 'done' && done.task.responses.detailed).toBe(
      'Hallo Hans, sehr gern – wie wäre Dienstag?',
    );

    const request = openAi.requests.at(-1)!;
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('in German');
    expect(prompt).toContain('Können wir nächste Woche sprechen?');
    expect(prompt).toContain('They: Wir planen einen Pilot im Mai.');
    const usage = await doppel.ctx.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.userId));
    expect(usage).toMatchObject([
      { purpose: 'draft', model: 'fake-writer', promptTokens: 120, completionTokens: 14 },
    ]);
  });

  it('a model writing NUL or half an emoji: its draft is saved without them, whole emoji kept', async () => {
    const user = await signedInUser(doppel);
    const task = await germanTask(user);
    await useFakeModel(user);
    // The fake sends four UTF-16 units a delta, so the emoji arrive split between two deltas.
    const written = 'Gut\u0000 😀😀 bis \ud83d';
    openAi.script({ kind: 'reply', text: written });
    const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    const all = events(response.body);
    const done = all.at(-1);
    expect(done).toMatchObject({ type: 'done', task: { responses: { quick: 'Gut 😀😀 bis \uFFFD' } } });
    const deltas = all.map((event) => (event.type === 'delta' ? event.text : '')).join('');
    expect(deltas).toBe('Gut 😀😀 bis \uFFFD');
  });

  it('end with an error event when the provider fails, leaving the responses as they were', async () => {
    const user = await signedInUser(doppel);
    const task = await germanTask(user);
    await useFakeModel(user);
    openAi.script(
      { kind: 'status', status: 500, message: 'model overloaded' },
      { kind: 'status', status: 500, message: 'model overloaded' },
      { kind: 'status', status: 500, message: 'model overloaded' },
    );
    const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    const last = events(response.body).at(-1);
    expect(last).toMatchObject({ type: 'error', error: { code: 'ai_provider_failed' } });
    expect(last?.type === 'error' && last.error.message).toMatch(/model overloaded/);
    expect((await call(user, 'GET', `/api/tasks/${task.id}`)).json().responses).toEqual({});
  });

  it('refuse a High Concept Analysis before the model is asked: it has no message to draft', async () => {
    const user = await signedInUser(doppel);
    await useFakeModel(user);
    const created = await call(user, 'POST', '/api/tasks', {
      title: 'High Concept Analysis: Maya',
      type: 'high_concept_analysis',
      description: 'Founder of a payments startup',
    });
    const task = created.json<{ id: string }>();
    const asked = openAi.requests.length;
    for (const kind of ['quick', 'detailed']) {
      const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'conflict',
        message: 'A High Concept Analysis has no message to draft; review its proposal on the Personas page.',
        reason: 'nothing_to_draft',
      });
    }
    expect(openAi.requests.length).toBe(asked);
    expect((await call(user, 'GET', `/api/tasks/${task.id}`)).json().responses).toEqual({});
  });

  it("refuse another user's task and unknown kinds with plain errors", async () => {
    const owner = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const task = await germanTask(owner);
    const foreign = await call(other, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Task not found');
    expect(
      (await call(owner, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'long' })).statusCode,
    ).toBe(400);
  });
});
