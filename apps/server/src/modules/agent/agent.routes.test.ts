import { describe, expect, it } from 'vitest';
import type { AgentStatus, ChatHistory, ChatStreamEvent, Task } from '@doppel/contracts';
import { chatMessages, eq, tokenUsage } from '@doppel/db';
import { aiTestBed, streamEvents, type TestUser as User } from '../../test-support/ai-test-bed';
import { seedContactWithMessage, signedInUser } from '../../test-support/test-app';

const bed = aiTestBed();
const { call, useModel } = bed;

/** Sends one console message and returns the stream's events and the finished answer. */
async function say(user: User, content: string) {
  const response = await call(user, 'POST', '/api/agent/messages', { content });
  expect(response.statusCode).toBe(200);
  const stream = streamEvents<ChatStreamEvent>(response.body);
  const done = stream.find((event) => event.type === 'done');
  const answer = done?.type === 'done' ? done.message.content : null;
  return { stream, answer, done: done?.type === 'done' ? done.message : null };
}

async function history(user: User) {
  return (await call(user, 'GET', '/api/agent/messages')).json<ChatHistory>().items;
}

async function createTask(user: User, title: string, extra: object = {}) {
  const response = await call(user, 'POST', '/api/tasks', { title, type: 'proactive_message', ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<Task>();
}

describe('agent console commands (offline engine)', () => {
  it('/help lists every command and the exchange is kept', async () => {
    const user = await signedInUser(bed.doppel);
    const { stream, answer } = await say(user, '/help');
    expect(stream[0]).toMatchObject({ type: 'user', message: { type: 'user', content: '/help' } });
    for (const command of ['/help', '/status', '/tasks', '/search', '/draft', '/clear']) {
      expect(answer).toContain(command);
    }
    const kept = await history(user);
    expect(kept.map((message) => [message.type, message.engine?.kind ?? null])).toEqual([
      ['user', null],
      ['assistant', 'command'],
    ]);
    expect(kept[0]!.id).toBe(stream[0]!.type === 'user' ? stream[0]!.message.id : '');
    expect(Date.parse(kept[1]!.timestamp)).toBeGreaterThan(Date.parse(kept[0]!.timestamp));
  });

  it('answers in the interface language', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { language: 'ru' });
    const { answer } = await say(user, '/help');
    expect(answer).toMatch(/^Команды:/);
  });

  it('/status names the offline engine, the month’s tokens, pending tasks and messengers', async () => {
    const user = await signedInUser(bed.doppel);
    await createTask(user, 'Write to Ada');
    await createTask(user, 'Write to Bob');
    await bed.doppel.ctx.db.insert(tokenUsage).values({
      userId: user.userId,
      model: 'm',
      provider: 'openai',
      purpose: 'draft',
      promptTokens: 1200,
      completionTokens: 34,
    });
    const { answer } = await say(user, '/status');
    expect(answer).toBe(
      [
        'Model: offline engine (writes from templates; no language model configured) — online',
        'Tokens this month: 1,234 of 1,000,000',
        'Pending tasks: 2',
        'Connected messengers: none',
      ].join('\n'),
    );
  });

  it('/tasks lists the latest tasks with their #numbers, filters by status and refuses an unknown one', async () => {
    const user = await signedInUser(bed.doppel);
    const first = await createTask(user, 'Congratulate Ada', { priority: 'high' });
    const second = await createTask(user, 'Follow up with Bob');
    await call(user, 'PATCH', `/api/tasks/${second.id}/status`, { status: 'completed' });

    const all = (await say(user, '/tasks')).answer!;
    expect(all.split('\n')).toEqual([
      'Latest tasks (2 in all):',
      `#${second.id.slice(0, 8)}  [medium] Follow up with Bob — completed`,
      `#${first.id.slice(0, 8)}  [high] Congratulate Ada — pending`,
    ]);
    expect((await say(user, '/tasks pending')).answer).toBe(
      `Latest pending tasks (1 in all):\n#${first.id.slice(0, 8)}  [high] Congratulate Ada — pending`,
    );
    expect((await say(user, '/tasks in progress')).answer).toBe('You have no in progress tasks.');
    expect((await say(user, '/tasks someday')).answer).toBe(
      'Unknown status “someday”. Use pending, in_progress or completed.',
    );
  });

  it('/draft writes a quick draft for the task named by #number or title and saves it', async () => {
    const user = await signedInUser(bed.doppel);
    const task = await createTask(user, 'Reply to Hans', {
      type: 'message_reply',
      context: { lastMessage: 'Can we talk next week?' },
    });
    const { answer } = await say(user, `/draft #${task.id.slice(0, 8)}`);
    const saved = (await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>();
    expect(saved.responses.quick).toBeTruthy();
    expect(answer).toBe(
      `Quick draft for “Reply to Hans”:\n\n${saved.responses.quick}\n\nSaved to the task’s drafts; open it in Assistant to send.`,
    );
    expect((await say(user, '/draft hans')).answer).toContain('Quick draft for “Reply to Hans”');
  });

  it('/draft asks which task when several match, and says when none does', async () => {
    const user = await signedInUser(bed.doppel);
    await createTask(user, 'Intro to Carla');
    await createTask(user, 'Intro to Dan');
    const ambiguous = (await say(user, '/draft intro')).answer!;
    expect(ambiguous.split('\n')[0]).toBe('Several tasks match “intro”; use its #number:');
    expect(ambiguous.split('\n')).toHaveLength(3);
    expect((await say(user, '/draft nobody')).answer).toBe('No task matches “nobody”. /tasks lists them.');
    expect((await say(user, '/draft')).answer).toBe('Name the task: /draft <#number or words of its title>');
  });

  it('/search reports an empty knowledge base; unknown commands point to /help', async () => {
    const user = await signedInUser(bed.doppel);
    expect((await say(user, '/search pricing')).answer).toBe(
      'Your knowledge base has no processed documents yet. Add material on the Knowledge page.',
    );
    expect((await say(user, '/search')).answer).toBe('Say what to look for: /search <query>');
    expect((await say(user, '/dance')).answer).toBe('Unknown command /dance. Type /help for the list.');
  });

  it('free text gets the offline engine’s honest answer, marked as offline', async () => {
    const user = await signedInUser(bed.doppel);
    const { done } = await say(user, 'How are my leads doing?');
    expect(done?.engine).toEqual({ kind: 'offline', model: null });
    expect(done?.content).toContain('offline engine');
  });

  it('/clear deletes the conversation; DELETE does too; other users are untouched', async () => {
    const user = await signedInUser(bed.doppel);
    const other = await signedInUser(bed.doppel);
    await say(user, '/help');
    await say(other, '/help');
    const cleared = await call(user, 'POST', '/api/agent/messages', { content: '/clear' });
    expect(streamEvents<ChatStreamEvent>(cleared.body).map((event) => event.type)).toEqual([
      'user',
      'cleared',
    ]);
    expect(await history(user)).toEqual([]);
    expect(await history(other)).toHaveLength(2);
    expect((await call(other, 'DELETE', '/api/agent/messages')).json()).toEqual({ ok: true });
    expect(await history(other)).toEqual([]);
  });

  it('refuses empty and whitespace-only messages and stores nothing', async () => {
    const user = await signedInUser(bed.doppel);
    for (const content of ['', '   \n\t ']) {
      const response = await call(user, 'POST', '/api/agent/messages', { content });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        fields: { content: 'messageRequired' },
      });
    }
    const tooLong = await call(user, 'POST', '/api/agent/messages', { content: 'x'.repeat(4001) });
    expect(tooLong.json().error.fields).toEqual({ content: 'messageTooLong' });
    expect(await history(user)).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await bed.doppel.app.inject({ method: 'GET', url: '/api/agent/messages' });
    expect(response.statusCode).toBe(401);
  });
});

describe('agent console status', () => {
  it('is online on the offline engine and says so', async () => {
    const user = await signedInUser(bed.doppel);
    const status = (await call(user, 'GET', '/api/agent/status')).json<AgentStatus>();
    expect(status).toMatchObject({ online: true, engine: 'offline', model: null, error: null });
  });

  it("checks the user's model with its key without spending tokens, and reports a failure", async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-thinker');
    const before = bed.openAi.requests.length;
    const online = (await call(user, 'GET', '/api/agent/status')).json<AgentStatus>();
    expect(online).toMatchObject({ online: true, engine: 'model', model: 'fake-thinker', error: null });
    const check = bed.openAi.requests.slice(before).find((request) => request.path === '/v1/models');
    expect(check?.headers.authorization).toBe('Bearer sk-test-key');

    const broken = await signedInUser(bed.doppel);
    await useModel(broken, bed.anthropic, 'fake-thinker');
    bed.anthropic.failModelList(401);
    try {
      const offline = (await call(broken, 'GET', '/api/agent/status')).json<AgentStatus>();
      expect(offline).toMatchObject({ online: false, engine: 'model', model: 'fake-thinker' });
      expect(offline.error).toContain('HTTP 401');
      expect(bed.anthropic.requests.at(-1)?.headers['x-api-key']).toBe('sk-test-key');
    } finally {
      bed.anthropic.failModelList(null);
    }
    expect((await say(broken, '/status')).answer).toMatch(/^Model: fake-thinker — offline: .*HTTP 401/);
    expect(await tokensOf(user)).toEqual([]);
  });
});

async function tokensOf(user: User) {
  return bed.doppel.ctx.db
    .select({
      purpose: tokenUsage.purpose,
      model: tokenUsage.model,
      promptTokens: tokenUsage.promptTokens,
      completionTokens: tokenUsage.completionTokens,
    })
    .from(tokenUsage)
    .where(eq(tokenUsage.userId, user.userId));
}

describe('agent conversation with a language model', () => {
  it('streams the answer, keeps the conversation and meters the tokens', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-thinker');
    bed.openAi.script({
      kind: 'reply',
      text: 'Hello! Ready when you are.',
      promptTokens: 40,
      completionTokens: 7,
    });
    const first = await say(user, 'Hi twin');
    const deltas = first.stream.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(first.done).toMatchObject({
      content: 'Hello! Ready when you are.',
      engine: { kind: 'model', model: 'fake-thinker' },
    });

    bed.openAi.script({ kind: 'reply', text: 'You said hi.', promptTokens: 60, completionTokens: 4 });
    await say(user, 'What did I say?');
    const request = bed.openAi.requests.at(-1)!;
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages.slice(1).map((message) => message.content)).toEqual([
      'Hi twin',
      'Hello! Ready when you are.',
      'What did I say?',
    ]);
    expect(messages[0]!.content).toContain('Answer in English');
    expect(await tokensOf(user)).toEqual([
      { purpose: 'chat', model: 'fake-thinker', promptTokens: 40, completionTokens: 7 },
      { purpose: 'chat', model: 'fake-thinker', promptTokens: 60, completionTokens: 4 },
    ]);
    expect(await history(user)).toHaveLength(4);
  });

  it('streams over a real connection to the end (the request closing early must not abort it)', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-thinker');
    bed.openAi.script({ kind: 'reply', text: 'A long enough answer to come in several pieces.' });
    const address = await bed.doppel.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/agent/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Tell me something' }),
    });
    const stream = streamEvents<ChatStreamEvent>(await response.text());
    expect(stream.at(-1)).toMatchObject({
      type: 'done',
      message: { content: 'A long enough answer to come in several pieces.' },
    });
  });

  it('calls the list_tasks tool and answers from its result (OpenAI-compatible)', async () => {
    const user = await signedInUser(bed.doppel);
    await createTask(user, 'Congratulate Ada on the new role', { priority: 'high' });
    await useModel(user, bed.openAi, 'fake-thinker');
    bed.openAi.script(
      {
        kind: 'tool-call',
        name: 'list_tasks',
        input: { status: 'pending' },
        promptTokens: 80,
        completionTokens: 12,
      },
      { kind: 'reply', text: 'One pending task: congratulate Ada.', promptTokens: 120, completionTokens: 9 },
    );
    const { stream, done } = await say(user, 'What should I do today?');
    expect(stream.filter((event) => event.type === 'tool')).toEqual([{ type: 'tool', name: 'list_tasks' }]);
    expect(done?.content).toBe('One pending task: congratulate Ada.');
    const followUp = bed.openAi.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    const toolResult = followUp.find((message) => message.role === 'tool');
    expect(toolResult?.content).toContain('Congratulate Ada on the new role');
    expect(await tokensOf(user)).toEqual([
      { purpose: 'chat', model: 'fake-thinker', promptTokens: 200, completionTokens: 21 },
    ]);
  });

  it('creates a task and reads a contact’s history through tools (Anthropic)', async () => {
    const user = await signedInUser(bed.doppel);
    await seedContactWithMessage(
      bed.doppel,
      user.userId,
      { name: 'Hans Becker', company: 'Nordlicht', language: 'de' },
      'Wir planen einen Pilot im Mai.',
    );
    await useModel(user, bed.anthropic, 'fake-thinker');
    bed.anthropic.script(
      { kind: 'tool-call', name: 'contact_history', input: { contact: 'hans' } },
      {
        kind: 'tool-call',
        name: 'create_task',
        input: { title: 'Plan the May pilot with Hans', priority: 'high' },
      },
      { kind: 'reply', text: 'Done: I created a task for the pilot.' },
    );
    const { stream, done } = await say(user, 'Hans wrote about a pilot; make me a task for it');
    expect(
      stream.filter((event) => event.type === 'tool').map((event) => event.type === 'tool' && event.name),
    ).toEqual(['contact_history', 'create_task']);
    expect(done?.content).toBe('Done: I created a task for the pilot.');
    const secondCall = JSON.stringify(bed.anthropic.requests.at(-2)!.body.messages);
    expect(secondCall).toContain('Wir planen einen Pilot im Mai.');
    const tasks = (await call(user, 'GET', '/api/tasks')).json<{ items: Task[] }>().items;
    expect(tasks.map((task) => [task.title, task.priority])).toEqual([
      ['Plan the May pilot with Hans', 'high'],
    ]);
    await bed.doppel.ctx.background.settled();
    expect((await tokensOf(user)).map((row) => row.purpose)).toEqual(['chat']);
  });

  it('a provider failure ends the stream with a clear error and stores nothing', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-thinker');
    bed.openAi.script(
      { kind: 'status', status: 500, message: 'model crashed' },
      { kind: 'status', status: 500, message: 'model crashed' },
      { kind: 'status', status: 500, message: 'model crashed' },
      { kind: 'status', status: 500, message: 'model crashed' },
    );
    const response = await call(user, 'POST', '/api/agent/messages', { content: 'Hello?' });
    const stream = streamEvents<ChatStreamEvent>(response.body);
    const last = stream.at(-1);
    expect(last).toMatchObject({ type: 'error', error: { code: 'ai_provider_failed' } });
    expect(last?.type === 'error' && last.error.message).toContain('model crashed');
    expect(await history(user)).toEqual([]);
    bed.openAi.script();
  });

  it('refuses beyond the token quota before anything is stored', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-thinker');
    await bed.doppel.ctx.db.insert(tokenUsage).values({
      userId: user.userId,
      model: 'm',
      provider: 'openai',
      purpose: 'chat',
      promptTokens: 1_000_000,
      completionTokens: 0,
    });
    const before = bed.openAi.requests.length;
    const response = await call(user, 'POST', '/api/agent/messages', { content: 'Hello?' });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'token_quota_exceeded',
      message: 'Token quota for this month is used up',
    });
    expect(bed.openAi.requests.length).toBe(before);
    const rows = await bed.doppel.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, user.userId));
    expect(rows).toEqual([]);
    // Commands need no model and still work.
    expect((await say(user, '/help')).answer).toContain('/status');
  });
});
