import { describe, expect, it } from 'vitest';
import type { Task } from '@doppel/contracts';
import { eq, tokenUsage } from '@doppel/db';
import { aiTestBed, type TestUser as User } from '../../test-support/ai-test-bed';
import { seedContactWithMessage, signedInUser } from '../../test-support/test-app';
import { takeNewerMessage } from './task-commands';

const bed = aiTestBed();
const { call, useModel } = bed;

async function usage(user: User) {
  return bed.doppel.ctx.db
    .select({ purpose: tokenUsage.purpose, promptTokens: tokenUsage.promptTokens })
    .from(tokenUsage)
    .where(eq(tokenUsage.userId, user.userId))
    .orderBy(tokenUsage.purpose);
}

const ANALYSIS_PROMPT = 'You analyse outreach tasks';
const TRANSLATION_PROMPT = 'Translate the user';

const modelAnalysis = {
  summary: 'Hans wants to start a paid pilot in May and asks for a call next week.',
  recommendation: 'URGENT: confirm a call slot today',
  opportunityType: 'Paid pilot',
  recommendedApproach: 'Propose two slots and a one-page pilot scope',
  priority: 'high',
  language: 'de',
};

async function germanMessageTask(user: User, extra: object = {}) {
  const contact = await seedContactWithMessage(
    bed.doppel,
    user.userId,
    { name: 'Hans', company: 'Nordlicht', language: 'de' },
    'Wir planen einen Pilot im Mai.',
  );
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply to Hans',
    type: 'message_reply',
    contactId: contact.id,
    context: { lastMessage: 'Können wir nächste Woche über den Pilot sprechen?' },
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json<Task>();
}

async function storedTask(user: User, id: string) {
  return (await call(user, 'GET', `/api/tasks/${id}`)).json<Task>();
}

describe("a new task's analysis by the user's model", () => {
  it('is answered at once by the offline engine, then translated and rewritten by the model', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-analyst');
    bed.openAi.script(
      {
        match: TRANSLATION_PROMPT,
        kind: 'reply',
        text: 'Can we talk about the pilot next week?',
        promptTokens: 30,
      },
      {
        match: ANALYSIS_PROMPT,
        kind: 'reply',
        // Structured output: the answer is the object itself (decision 036).
        text: JSON.stringify({ ...modelAnalysis, priority: 'medium' }),
        promptTokens: 90,
      },
    );
    const created = await germanMessageTask(user);
    expect(created.context.analyzedBy).toBe('offline');
    expect(created.priority).toBe('high');

    await bed.doppel.ctx.background.settled();
    const task = await storedTask(user, created.id);
    expect(task.context).toMatchObject({
      lastMessage: 'Can we talk about the pilot next week?',
      lastMessageOriginal: 'Können wir nächste Woche über den Pilot sprechen?',
      summary: modelAnalysis.summary,
      recommendation: modelAnalysis.recommendation,
      language: 'de',
      analyzedBy: 'fake-analyst',
      analysisData: { opportunityType: 'Paid pilot', recommendedApproach: modelAnalysis.recommendedApproach },
    });
    // No priority was given, so the model's analysis set it.
    expect(task.priority).toBe('medium');
    expect(await usage(user)).toEqual([
      { purpose: 'analysis', promptTokens: 90 },
      { purpose: 'translation', promptTokens: 30 },
    ]);
    const analysisRequest = bed.openAi.requests.find((request) =>
      JSON.stringify(request.body).includes(ANALYSIS_PROMPT),
    );
    // The model reads the conversation with the contact.
    expect(JSON.stringify(analysisRequest?.body)).toContain('Wir planen einen Pilot im Mai.');
  });

  it('keeps a priority the creator chose and the message as written when auto-translate is off', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
    await useModel(user, bed.anthropic, 'fake-analyst');
    bed.anthropic.script({ match: ANALYSIS_PROMPT, kind: 'reply', text: JSON.stringify(modelAnalysis) });
    const created = await germanMessageTask(user, { priority: 'low' });
    await bed.doppel.ctx.background.settled();
    const task = await storedTask(user, created.id);
    expect(task.priority).toBe('low');
    expect(task.context.lastMessage).toBe('Können wir nächste Woche über den Pilot sprechen?');
    expect(task.context.lastMessageOriginal).toBeUndefined();
    expect(task.context.analyzedBy).toBe('fake-analyst');
    expect((await usage(user)).map((row) => row.purpose)).toEqual(['analysis']);
  });

  it('leaves the offline analysis in place, labelled, when the model answers something else twice', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
    await useModel(user, bed.openAi, 'fake-analyst');
    bed.openAi.script(
      { match: ANALYSIS_PROMPT, kind: 'reply', text: 'I would rather not.' },
      { match: ANALYSIS_PROMPT, kind: 'reply', text: 'Still no.' },
    );
    const created = await germanMessageTask(user);
    await bed.doppel.ctx.background.settled();
    const task = await storedTask(user, created.id);
    expect(task.context.analyzedBy).toBe('offline');
    expect(task.context.analysisFallback).toEqual({ reason: 'invalid_answer', model: 'fake-analyst' });
    expect(task.context.summary).toBe(created.context.summary);
    // The answer and its repair were calls, so their tokens count.
    expect((await usage(user)).map((row) => row.purpose)).toEqual(['analysis', 'analysis']);
  });

  it('answers a burst of messages with two model calls, the analysis being of the newest', async () => {
    // A mailbox's first read brings days of one contact's mail at once.
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
    await useModel(user, bed.openAi, 'fake-analyst');
    const analysisCalls = () =>
      bed.openAi.requests.filter((request) => JSON.stringify(request.body).includes(ANALYSIS_PROMPT));
    const before = analysisCalls().length;
    bed.openAi.script(
      {
        match: ANALYSIS_PROMPT,
        kind: 'reply',
        text: JSON.stringify({ ...modelAnalysis, summary: 'About the first message.' }),
        delayMs: 300,
      },
      {
        match: ANALYSIS_PROMPT,
        kind: 'reply',
        text: JSON.stringify({ ...modelAnalysis, summary: 'About the newest message.' }),
      },
    );
    const created = await germanMessageTask(user);
    for (const n of [2, 3, 4, 5]) {
      await takeNewerMessage(bed.doppel.ctx, user.userId, created.id, `Nachricht ${n}: noch eine Frage.`);
    }
    await bed.doppel.ctx.background.settled();

    const calls = analysisCalls().slice(before);
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1]!.body)).toContain('Nachricht 5: noch eine Frage.');
    const task = await storedTask(user, created.id);
    expect(task.context).toMatchObject({
      lastMessage: 'Nachricht 5: noch eine Frage.',
      summary: 'About the newest message.',
      analyzedBy: 'fake-analyst',
    });
  });

  it('never calls a model for a user without one', async () => {
    const user = await signedInUser(bed.doppel);
    const before = bed.openAi.requests.length + bed.anthropic.requests.length;
    await germanMessageTask(user);
    await bed.doppel.ctx.background.settled();
    expect(bed.openAi.requests.length + bed.anthropic.requests.length).toBe(before);
  });
});

describe("the composer's Translate", () => {
  it("translates the draft into the contact's language with the user's model", async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
    const task = await germanMessageTask(user);
    await useModel(user, bed.anthropic, 'fake-analyst');
    bed.anthropic.script({
      match: TRANSLATION_PROMPT,
      kind: 'reply',
      text: 'Gern, passt Dienstag um 10 Uhr?',
    });
    const response = await call(user, 'POST', `/api/tasks/${task.id}/translate`, {
      text: 'Sure, does Tuesday at 10 work?',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      text: 'Gern, passt Dienstag um 10 Uhr?',
      language: 'de',
      model: 'fake-analyst',
    });
    const request = bed.anthropic.requests.at(-1)!;
    expect(JSON.stringify(request.body.system)).toContain('into German');
    expect((await usage(user)).map((row) => row.purpose)).toEqual(['translation']);
  });

  it('says a language model is needed when there is none, and refuses an empty draft', async () => {
    const user = await signedInUser(bed.doppel);
    const task = await germanMessageTask(user);
    const offline = await call(user, 'POST', `/api/tasks/${task.id}/translate`, { text: 'Hello' });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error).toMatchObject({
      code: 'ai_model_required',
      message: 'This needs a language model. Add one in Settings → AI models.',
    });
    const empty = await call(user, 'POST', `/api/tasks/${task.id}/translate`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    const other = await signedInUser(bed.doppel);
    const foreign = await call(other, 'POST', `/api/tasks/${task.id}/translate`, { text: 'Hello' });
    expect(foreign.statusCode).toBe(404);
  });
});
