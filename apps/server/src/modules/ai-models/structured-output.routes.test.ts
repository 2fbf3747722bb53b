import { describe, expect, it } from 'vitest';
import type { Persona, Task } from '@doppel/contracts';
import { eq, tokenUsage } from '@doppel/db';
import { aiTestBed, type TestUser as User } from '../../test-support/ai-test-bed';
import type { RecordedRequest } from '../../test-support/fake-ai-servers';
import { seedContactWithMessage, signedInUser } from '../../test-support/test-app';
import { writePostSuggestions } from '../drafting';

/*
 * Structured output (decision 036): analysis, High Concept proposals and post suggestions ask
 * the model for an object of the contracts' schema, sent on the wire; an answer that fails the
 * schema gets one repair attempt, then the offline engine's result stands, labelled.
 */

const bed = aiTestBed();
const { call, useModel } = bed;

const ANALYSIS_PROMPT = 'You analyse outreach tasks';

const analysis = {
  summary: 'Hans wants a paid pilot in May and asks for a call next week.',
  recommendation: 'URGENT: confirm a call slot today',
  opportunityType: 'Paid pilot',
  recommendedApproach: 'Propose two slots and a one-page pilot scope',
  priority: 'high',
  language: 'de',
};

async function analysisUser(): Promise<User> {
  const user = await signedInUser(bed.doppel);
  // Only the analysis is asked of the model: no translation call.
  await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
  await useModel(user, bed.openAi, 'fake-analyst');
  return user;
}

async function germanMessageTask(user: User): Promise<Task> {
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
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<Task>();
  await bed.doppel.ctx.background.settled();
  return (await call(user, 'GET', `/api/tasks/${created.id}`)).json<Task>();
}

function requestsWith(text: string): RecordedRequest[] {
  return bed.openAi.requests.filter((request) => JSON.stringify(request.body).includes(text));
}

async function meteredPurposes(user: User) {
  const rows = await bed.doppel.ctx.db
    .select({ purpose: tokenUsage.purpose })
    .from(tokenUsage)
    .where(eq(tokenUsage.userId, user.userId));
  return rows.map((row) => row.purpose);
}

interface Message {
  role: string;
  content: unknown;
}

describe('analysis by structured output', () => {
  it('sends the JSON schema on the wire and uses a valid answer', async () => {
    const user = await analysisUser();
    bed.openAi.requests.length = 0;
    bed.openAi.script({ match: ANALYSIS_PROMPT, kind: 'reply', text: JSON.stringify(analysis) });
    const task = await germanMessageTask(user);

    expect(task.context).toMatchObject({
      analyzedBy: 'fake-analyst',
      summary: analysis.summary,
      recommendation: analysis.recommendation,
      language: 'de',
      analysisData: { opportunityType: 'Paid pilot', recommendedApproach: analysis.recommendedApproach },
    });
    expect(task.context.analysisFallback).toBeUndefined();
    expect(task.priority).toBe('high');

    const [request, ...more] = requestsWith(ANALYSIS_PROMPT);
    expect(more).toHaveLength(0);
    // OpenAI's structured output: response_format json_schema with the contracts' schema.
    const format = request!.body.response_format as {
      type: string;
      json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown> } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.name).toBe('task_analysis');
    expect(format.json_schema.strict).toBe(false);
    expect(Object.keys(format.json_schema.schema.properties).sort()).toEqual([
      'language',
      'opportunityType',
      'priority',
      'recommendation',
      'recommendedApproach',
      'summary',
    ]);
    expect(format.json_schema.schema.properties.priority).toMatchObject({ enum: ['high', 'medium', 'low'] });
    expect(await meteredPurposes(user)).toEqual(['analysis']);
  });

  it('asks once for a repair of an answer that fails the schema, and uses the repaired one', async () => {
    const user = await analysisUser();
    bed.openAi.requests.length = 0;
    const invalid = JSON.stringify({ ...analysis, priority: 'extreme' });
    bed.openAi.script(
      { match: ANALYSIS_PROMPT, kind: 'reply', text: invalid, promptTokens: 80 },
      { match: ANALYSIS_PROMPT, kind: 'reply', text: JSON.stringify(analysis), promptTokens: 120 },
    );
    const task = await germanMessageTask(user);

    expect(task.context).toMatchObject({ analyzedBy: 'fake-analyst', summary: analysis.summary });
    expect(task.context.analysisFallback).toBeUndefined();

    const [first, repair, ...more] = requestsWith(ANALYSIS_PROMPT);
    expect(more).toHaveLength(0);
    expect(repair!.body.response_format).toEqual(first!.body.response_format);
    // The repair sends the invalid answer back with what is wrong with it.
    const messages = repair!.body.messages as Message[];
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.content).toBe(invalid);
    const last = messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(String(last.content)).toContain('does not match the required JSON schema');
    expect(String(last.content)).toContain('priority');
    // Both calls spent tokens, and both are metered.
    expect(await meteredPurposes(user)).toEqual(['analysis', 'analysis']);
  });

  it('keeps the offline analysis, labelled, when the repair fails the schema too', async () => {
    const user = await analysisUser();
    bed.openAi.requests.length = 0;
    bed.openAi.script(
      { match: ANALYSIS_PROMPT, kind: 'reply', text: 'I would rather not.' },
      { match: ANALYSIS_PROMPT, kind: 'reply', text: JSON.stringify({ summary: 'Only this' }) },
    );
    const task = await germanMessageTask(user);

    expect(requestsWith(ANALYSIS_PROMPT)).toHaveLength(2);
    expect(task.context.analyzedBy).toBe('offline');
    expect(task.context.analysisFallback).toEqual({ reason: 'invalid_answer', model: 'fake-analyst' });
    expect(task.context.summary).toBeTruthy();
    expect(task.context.summary).not.toBe('Only this');
    expect(await meteredPurposes(user)).toEqual(['analysis', 'analysis']);
  });

  it('speaks Anthropic’s wire: the schema as the forced json tool, the object as its input', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { autoTranslate: false });
    await useModel(user, bed.anthropic, 'fake-analyst');
    bed.anthropic.requests.length = 0;
    bed.anthropic.script({ match: ANALYSIS_PROMPT, kind: 'reply', text: JSON.stringify(analysis) });
    const task = await germanMessageTask(user);

    expect(task.context).toMatchObject({ analyzedBy: 'fake-analyst', summary: analysis.summary });
    const request = bed.anthropic.requests.find((entry) =>
      JSON.stringify(entry.body).includes(ANALYSIS_PROMPT),
    );
    const tools = request!.body.tools as Array<{ name: string; input_schema: { properties: object } }>;
    const json = tools.find((tool) => tool.name === 'json');
    expect(Object.keys(json!.input_schema.properties)).toContain('recommendation');
    expect(request!.body.tool_choice).toMatchObject({ type: 'any' });
  });
});

describe('High Concept proposals by structured output', () => {
  async function persona(user: User): Promise<Persona> {
    const created = await call(user, 'POST', '/api/personas', {
      name: 'Maya Chen',
      position: 'CEO',
      companyName: 'Lumen Pay',
      expertiseAreas: ['payments', 'fintech'],
      communicationStyle: 'Warm and direct',
    });
    expect(created.statusCode).toBe(201);
    return created.json<Persona>();
  }

  it('falls back to the offline proposal, labelled, after an answer and its repair fail the schema', async () => {
    const user = await signedInUser(bed.doppel);
    const maya = await persona(user);
    await useModel(user, bed.openAi, 'fake-strategist');
    bed.openAi.requests.length = 0;
    bed.openAi.script(
      { kind: 'reply', text: JSON.stringify({ highConceptGoal: 42 }) },
      { kind: 'reply', text: '{}' },
    );
    const response = await call(user, 'POST', `/api/personas/${maya.id}/high-concept-analysis`);
    expect(response.statusCode).toBe(201);
    const task = response.json<Task>();

    const requests = requestsWith('brand strategist');
    expect(requests).toHaveLength(2);
    expect((requests[0]!.body.response_format as { json_schema: { name: string } }).json_schema.name).toBe(
      'persona_proposal',
    );
    expect(task.context.analyzedBy).toBe('offline');
    expect(task.context.analysisFallback).toEqual({ reason: 'invalid_answer', model: 'fake-strategist' });
    // The offline engine's proposal, from what the profile says.
    expect(Object.keys(task.context.proposal ?? {}).length).toBeGreaterThan(0);
  });
});

describe('post suggestions by structured output', () => {
  const brief = (user: User) => ({
    actor: { userId: user.userId, isDemo: false },
    type: 'linkedin_post' as const,
    about: {
      title: 'LinkedIn post: payments',
      details: 'payments',
      contact: null,
      trigger: { newsTitle: 'Instant payments go live across Europe' },
      analysis: {},
    },
    language: 'en' as const,
    usedBy: 'test',
  });

  it('asks for one text per post kind and uses a valid answer', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-writer');
    bed.openAi.requests.length = 0;
    const texts = {
      professional: 'Instant payments are live in Europe. What changes for your treasury team?',
      story: 'Last year a supplier waited nine days for our payment.',
      insight: 'Speed is now the default; reliability is the product.',
    };
    bed.openAi.script({ kind: 'reply', text: JSON.stringify(texts) });
    const suggestions = await writePostSuggestions(bed.doppel.ctx, brief(user));

    expect(suggestions.texts).toEqual(texts);
    expect(suggestions.engine).toEqual({ kind: 'model', model: 'fake-writer' });
    expect(suggestions.fallback).toBeNull();
    // "Why this draft" of each suggestion names the model and the language decision.
    for (const kind of Object.keys(texts)) {
      expect(suggestions.provenance?.[kind]).toMatchObject({
        engine: 'model',
        model: 'fake-writer',
        language: { code: 'en', reason: 'requested' },
      });
    }
    const format = bed.openAi.requests.at(-1)!.body.response_format as {
      json_schema: { name: string; schema: { properties: object; required: string[] } };
    };
    expect(format.json_schema.name).toBe('post_suggestions');
    expect(format.json_schema.schema.required.sort()).toEqual(['insight', 'professional', 'story']);
  });

  it('uses the offline suggestions, labelled, when the answer and its repair lack a kind', async () => {
    const user = await signedInUser(bed.doppel);
    await useModel(user, bed.openAi, 'fake-writer');
    bed.openAi.requests.length = 0;
    bed.openAi.script(
      { kind: 'reply', text: JSON.stringify({ professional: 'Only one' }) },
      { kind: 'reply', text: JSON.stringify({ professional: 'Still one', story: '' }) },
    );
    const suggestions = await writePostSuggestions(bed.doppel.ctx, brief(user));

    expect(bed.openAi.requests).toHaveLength(2);
    expect(suggestions.engine).toEqual({ kind: 'offline', model: null });
    expect(suggestions.fallback).toEqual({ reason: 'invalid_answer', model: 'fake-writer' });
    expect(Object.keys(suggestions.texts).sort()).toEqual(['insight', 'professional', 'story']);
    expect(suggestions.texts.professional).not.toBe('Still one');
  });
});
