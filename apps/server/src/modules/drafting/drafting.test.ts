import { describe, expect, it } from 'vitest';
import { eq, tasks, tokenUsage } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { aiTestBed, type TestUser } from '../../test-support/ai-test-bed';
import { seedContactWithMessage, signedInUser } from '../../test-support/test-app';
import { streamDraft, writeDraft, type DraftRequest } from '.';

/*
 * Drafting from a DraftRequest alone: no task is read or written, whatever writes the draft.
 */

const bed = aiTestBed();

const formalMaya = {
  name: 'Maya Chen',
  communicationStyle: 'Formal and precise',
  highConceptKeyMessages: ['Money should move like messages'],
};

async function userWithPersona(): Promise<{ user: TestUser; actor: Actor }> {
  const user = await signedInUser(bed.doppel);
  const created = await bed.call(user, 'POST', '/api/personas', formalMaya);
  expect(created.statusCode).toBe(201);
  return { user, actor: { userId: user.userId, isDemo: false } };
}

/** A German contact who wrote once, and a reply to write them. */
async function replyToHans(actor: Actor): Promise<DraftRequest> {
  const hans = await seedContactWithMessage(
    bed.doppel,
    actor.userId,
    { name: 'Hans', company: 'Nordlicht', language: 'de' },
    'Wir planen einen Pilot im Mai.',
  );
  return {
    actor,
    type: 'message_reply',
    kind: 'quick',
    about: {
      title: 'Reply to Hans',
      details: '',
      contact: hans,
      message: 'Can we talk next week?',
      trigger: {},
      analysis: {},
    },
    usedBy: 'test',
  };
}

async function tasksOf(userId: string) {
  return bed.doppel.ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, userId));
}

describe('drafting without a task', () => {
  it("writes offline in the contact's language and the persona's voice", async () => {
    const { actor } = await userWithPersona();
    const request = await replyToHans(actor);

    const draft = await writeDraft(bed.doppel.ctx, request);
    expect(draft).toMatchObject({
      kind: 'quick',
      language: 'de',
      engine: { kind: 'offline', model: null },
      sources: [],
    });
    // The German quick reply, closed formally and signed as the persona.
    expect(draft.text).toBe(
      'Hallo Hans, danke – klingt gut. Ich melde mich heute noch mit den Details.\n\nMit freundlichen Grüßen\nMaya',
    );

    // A proactive message opens the conversation for its intent; an asked language wins.
    const congratulation = await writeDraft(bed.doppel.ctx, {
      ...request,
      type: 'proactive_message',
      intent: 'congratulate',
      language: 'en',
    });
    expect(congratulation.language).toBe('en');
    expect(congratulation.text).toBe(
      'Congratulations on the new role at Nordlicht, Hans! Wishing you a great start.\n\nKind regards\nMaya',
    );
    expect(await tasksOf(actor.userId)).toEqual([]);
  });

  it('streams a model draft as it is written and meters its tokens', async () => {
    const { user, actor } = await userWithPersona();
    const request = await replyToHans(actor);
    await bed.useModel(user, bed.openAi, 'fake-writer');
    bed.openAi.script({
      kind: 'reply',
      text: 'Hallo Hans, sehr gern – wie wäre Dienstag?',
      promptTokens: 120,
      completionTokens: 14,
    });

    const draft = await streamDraft(bed.doppel.ctx, { ...request, kind: 'detailed' });
    expect(draft.engine).toEqual({ kind: 'model', model: 'fake-writer' });
    expect(draft.language).toBe('de');
    const deltas: string[] = [];
    for await (const delta of draft.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Hallo Hans, sehr gern – wie wäre Dienstag?');

    const prompt = JSON.stringify(bed.openAi.requests.at(-1)!.body.messages);
    expect(prompt).toContain('in German');
    expect(prompt).toContain('Task: Reply to Hans');
    expect(prompt).toContain('Contact: Hans (Nordlicht)');
    expect(prompt).toContain('Their last message: Can we talk next week?');
    expect(prompt).toContain('They: Wir planen einen Pilot im Mai.');
    expect(prompt).toContain('Write as Maya Chen.');
    const usage = await bed.doppel.ctx.db.select().from(tokenUsage).where(eq(tokenUsage.userId, user.userId));
    expect(usage).toMatchObject([
      { purpose: 'draft', model: 'fake-writer', promptTokens: 120, completionTokens: 14, campaignId: null },
    ]);
    expect(await tasksOf(actor.userId)).toEqual([]);
  });
});
