import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent, DraftStreamEvent, KnowledgeDocument, Task } from '@doppel/contracts';
import { aiTestBed, streamEvents, type TestUser as User } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';

const bed = aiTestBed();
const { call, useModel } = bed;

const PRICE_LINE = 'Our pilots are paid: a four-week pilot costs 5,000 EUR and converts to an annual plan.';

async function pricingNote(user: User) {
  const response = await call(user, 'POST', '/api/documents/thoughts', {
    name: 'Pricing',
    content: `${PRICE_LINE}\n\nAnnual plans start at 24,000 EUR.`,
  });
  return response.json<KnowledgeDocument>();
}

async function pilotQuestion(user: User) {
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply to Sam',
    type: 'message_reply',
    context: { lastMessage: 'Could we start a pilot next month? What would the pilot cost?', language: 'en' },
  });
  // The analysis reads the knowledge base after the task is created.
  await bed.doppel.ctx.background.settled();
  return response.json<Task>();
}

async function usage(user: User, documentId: string) {
  return (await call(user, 'GET', `/api/documents/${documentId}`)).json<KnowledgeDocument>().usageStats;
}

describe('the twin draws on the knowledge base', () => {
  it('offline: a detailed draft carries the matching line, cites it, and the use is counted', async () => {
    const user = await signedInUser(bed.doppel);
    const note = await pricingNote(user);
    const task = await pilotQuestion(user);
    const drafted = (
      await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed', 'quick'] })
    ).json<Task>();
    expect(drafted.responses.detailed).toContain(PRICE_LINE);
    expect(drafted.responses.quick).not.toContain(PRICE_LINE);
    expect(drafted.context.draftSources?.detailed).toEqual([
      {
        documentId: note.id,
        title: 'Pricing',
        snippet: expect.stringContaining('four-week pilot'),
        score: expect.any(Number),
      },
    ]);
    // One use by the task's analysis, one by its drafts: the same task, one connection.
    const first = await usage(user, note.id);
    expect(first).toMatchObject({ requests: 2, connections: 1 });
    expect(first.relevance).toBeGreaterThan(0);

    await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed'] });
    expect(await usage(user, note.id)).toMatchObject({ requests: 3, connections: 1 });
    const other = await pilotQuestion(user);
    await call(user, 'POST', `/api/tasks/${other.id}/drafts`, { kinds: ['quick'] });
    expect(await usage(user, note.id)).toMatchObject({ requests: 5, connections: 2 });
  });

  it('offline: a note with headings and a table lends its sentence, never a heading or a row', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'POST', '/api/documents/thoughts', {
      name: 'Pilot pricing',
      content: `# Pilots\n\n${PRICE_LINE}\n\n| Pilot | Price |\n| --- | --- |\n| Four weeks | 5,000 EUR |`,
    });
    const task = await pilotQuestion(user);
    const drafted = (
      await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed'] })
    ).json<Task>();
    expect(drafted.responses.detailed).toContain(PRICE_LINE);
    expect(drafted.responses.detailed).not.toMatch(/#|\|/);
  });

  it('offline: the analysis cites the matching note and points to it', async () => {
    const user = await signedInUser(bed.doppel);
    const note = await pricingNote(user);
    const task = await pilotQuestion(user);
    const analysed = (await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>();
    expect(analysed.context.analyzedBy).toBe('offline');
    expect(analysed.context.analysisSources).toEqual([
      {
        documentId: note.id,
        title: 'Pricing',
        snippet: expect.stringContaining('four-week pilot'),
        score: expect.any(Number),
      },
    ]);
    expect(analysed.context.analysisData?.recommendedApproach).toMatch(
      /Draw on “Pricing” from your knowledge base\.$/,
    );
  });

  it('offline: the pointer to the note is in the user’s interface language, after the approach', async () => {
    const user = await signedInUser(bed.doppel);
    await call(user, 'PATCH', '/api/settings', { language: 'ru' });
    await pricingNote(user);
    const task = await pilotQuestion(user);
    const analysed = (await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>();
    expect(analysed.context.analysisData?.recommendedApproach).toMatch(
      /^[^.]+[^.\s]\. Опирайтесь на «Pricing» из вашей базы знаний\.$/u,
    );
  });

  it('with a model: the analysis prompt holds the passage, and the analysis cites it', async () => {
    const user = await signedInUser(bed.doppel);
    await pricingNote(user);
    await useModel(user, bed.openAi, 'fake-analyst');
    bed.openAi.script({
      kind: 'reply',
      match: 'You analyse outreach tasks',
      text: JSON.stringify({
        summary: 'Sam asks about a pilot and its cost.',
        recommendation: 'OPPORTUNITY: quote the paid pilot',
        opportunityType: 'Paid pilot',
        recommendedApproach: 'Quote 5,000 EUR for four weeks.',
        priority: 'high',
        language: 'en',
      }),
    });
    const task = await pilotQuestion(user);
    const request = bed.openAi.requests.find((entry) =>
      JSON.stringify(entry.body).includes('You analyse outreach tasks'),
    );
    expect(JSON.stringify(request?.body)).toContain('[1] Pricing:');
    const analysed = (await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>();
    expect(analysed.context).toMatchObject({
      analyzedBy: 'fake-analyst',
      summary: 'Sam asks about a pilot and its cost.',
    });
    expect(analysed.context.analysisSources?.[0]?.title).toBe('Pricing');
  });

  it("with a model: the draft prompt holds the passage, and another user's notes never do", async () => {
    const user = await signedInUser(bed.doppel);
    const stranger = await signedInUser(bed.doppel);
    await call(stranger, 'POST', '/api/documents/thoughts', {
      name: 'Secret',
      content: 'Our pilot price is secret.',
    });
    await pricingNote(user);
    const task = await pilotQuestion(user);
    await useModel(user, bed.openAi, 'fake-writer');
    const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
    const done = streamEvents<DraftStreamEvent>(response.body).at(-1);
    expect(done?.type).toBe('done');
    const system = (bed.openAi.requests.at(-1)!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(system).toContain("From the user's knowledge base");
    expect(system).toContain('[1] Pricing:');
    expect(system).not.toContain('Secret');
    expect(done?.type === 'done' && done.task.context.draftSources?.quick?.[0]?.title).toBe('Pricing');
  });

  it('the agent: /search finds the note, and a model answer names what it was given', async () => {
    const user = await signedInUser(bed.doppel);
    await pricingNote(user);
    const search = await call(user, 'POST', '/api/agent/messages', { content: '/search pilot cost' });
    const answer = streamEvents<ChatStreamEvent>(search.body).at(-1);
    expect(answer?.type === 'done' && answer.message.content).toMatch(
      /^Passages matching “pilot cost”:\n• Pricing: /,
    );

    await useModel(user, bed.openAi, 'fake-thinker');
    bed.openAi.script({ kind: 'reply', text: 'Pilots cost 5,000 EUR.' });
    const chat = await call(user, 'POST', '/api/agent/messages', { content: 'How much does a pilot cost?' });
    const done = streamEvents<ChatStreamEvent>(chat.body).at(-1);
    expect(done?.type === 'done' && done.message.content).toBe(
      'Pilots cost 5,000 EUR.\n\nFrom your knowledge base: Pricing',
    );
    const system = (bed.openAi.requests.at(-1)!.body.messages as Array<{ content: string }>)[0]!.content;
    expect(system).toContain(PRICE_LINE.slice(0, 30));
  });
});
