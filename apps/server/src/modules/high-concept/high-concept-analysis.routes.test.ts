import { describe, expect, it } from 'vitest';
import type { Persona, Task, TaskPage } from '@doppel/contracts';
import { aiTestBed, type TestUser as User } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';

const bed = aiTestBed();
const { call, useModel } = bed;

async function persona(user: User, fields: object = {}) {
  const response = await call(user, 'POST', '/api/personas', {
    name: 'Maya Chen',
    position: 'Founder',
    companyName: 'Lumen Pay',
    industry: 'Fintech',
    expertiseAreas: ['B2B payments', 'Fundraising'],
    coreValues: ['Clarity', 'Speed'],
    communicationStyle: 'Direct and warm',
    brandSlogan: 'Pay like you text',
    ...fields,
  });
  return response.json<Persona>();
}

async function analyse(user: User, personaId: string) {
  const response = await call(user, 'POST', `/api/personas/${personaId}/high-concept-analysis`);
  expect(response.statusCode).toBe(201);
  return response.json<Task>();
}

describe('High Concept Analysis', () => {
  it('offline: proposes only the empty fields, from what the profile says', async () => {
    const user = await signedInUser(bed.doppel);
    const maya = await persona(user);
    const task = await analyse(user, maya.id);
    expect(task).toMatchObject({
      type: 'high_concept_analysis',
      title: 'High Concept Analysis: Maya Chen',
      status: 'pending',
      context: { personaId: maya.id, analyzedBy: 'offline' },
    });
    const proposal = task.context.proposal!;
    expect(proposal).toMatchObject({
      highConceptTargetAudience: ['Decision-makers in Fintech'],
      highConceptGoal:
        'To be the Founder that decision-makers in Fintech ask first about B2B payments and Fundraising',
      brandTaglines: ['Clarity. Speed.'],
      brandPersonality: { tone: 'Direct and warm' },
      brandContentThemes: ['B2B payments', 'Fundraising'],
    });
    // The slogan is already the user's: it is not proposed again.
    expect(proposal).not.toHaveProperty('brandSlogan');
    expect(task.context.summary).toBe(
      `${Object.keys(proposal).length} high-concept and brand-bible fields proposed for Maya Chen.`,
    );
    expect(task.context).toMatchObject({
      recommendation: 'OPPORTUNITY: review the proposal and accept what fits',
      recommendationKind: 'opportunity',
    });
    // The task shows up with the others.
    const page = (await call(user, 'GET', '/api/tasks')).json<TaskPage>();
    expect(page.items.map((item) => item.id)).toContain(task.id);
  });

  it('offline, in the user’s interface language: Russian texts with Russian plurals', async () => {
    const user = await signedInUser(bed.doppel);
    expect((await call(user, 'PATCH', '/api/settings', { language: 'ru' })).statusCode).toBe(200);
    const maya = await persona(user);
    const task = await analyse(user, maya.id);
    const proposal = task.context.proposal!;
    const count = Object.keys(proposal).length;
    const form = new Intl.PluralRules('ru').select(count);
    const word = { one: 'поле', few: 'поля', many: 'полей', other: 'поля' }[
      form as 'one' | 'few' | 'many' | 'other'
    ];
    expect(task).toMatchObject({
      title: 'Анализ High Concept: Maya Chen',
      context: {
        summary: `Для персоны «Maya Chen» предложено ${count} ${word} high concept и бренд-бука.`,
        recommendation: 'ВОЗМОЖНОСТЬ: просмотрите предложение и примите то, что подходит',
        recommendationKind: 'opportunity',
      },
    });
    expect(proposal).toMatchObject({
      highConceptTargetAudience: ['Руководители в сфере «Fintech»'],
      highConceptGoal:
        'Стать первым, к кому обращаются по теме «B2B payments и Fundraising» (Founder): руководители в сфере Fintech',
      brandPersonality: { тон: 'Direct and warm' },
    });
  });

  it('applies only the accepted fields and completes the task', async () => {
    const user = await signedInUser(bed.doppel);
    const maya = await persona(user);
    const task = await analyse(user, maya.id);
    const accepted = await call(user, 'POST', `/api/tasks/${task.id}/accept-proposal`, {
      fields: ['highConceptGoal', 'brandTaglines'],
    });
    expect(accepted.statusCode).toBe(200);
    const { persona: updated, task: done } = accepted.json<{ persona: Persona; task: Task }>();
    expect(updated.highConceptGoal).toBe(task.context.proposal!.highConceptGoal);
    expect(updated.brandTaglines).toEqual(['Clarity. Speed.']);
    expect(updated.brandContentThemes).toEqual([]);
    expect(updated.brandPersonality).toEqual({});
    expect(done.status).toBe('completed');
  });

  it('refuses what cannot be accepted and changes nothing', async () => {
    const user = await signedInUser(bed.doppel);
    const maya = await persona(user);
    const task = await analyse(user, maya.id);
    const none = await call(user, 'POST', `/api/tasks/${task.id}/accept-proposal`, { fields: [] });
    expect(none.statusCode).toBe(400);
    const notProposed = await call(user, 'POST', `/api/tasks/${task.id}/accept-proposal`, {
      fields: ['brandSlogan'],
    });
    expect(notProposed.statusCode).toBe(400);
    expect(notProposed.json().error.fields).toEqual({ fields: 'notInProposal' });
    const unknown = await call(user, 'POST', `/api/tasks/${task.id}/accept-proposal`, { fields: ['name'] });
    expect(unknown.statusCode).toBe(400);

    const other = await signedInUser(bed.doppel);
    expect(
      (await call(other, 'POST', `/api/tasks/${task.id}/accept-proposal`, { fields: ['highConceptGoal'] }))
        .statusCode,
    ).toBe(404);
    const plain = (
      await call(user, 'POST', '/api/tasks', { title: 'To-do', type: 'proactive_message' })
    ).json<Task>();
    const conflict = await call(user, 'POST', `/api/tasks/${plain.id}/accept-proposal`, {
      fields: ['highConceptGoal'],
    });
    expect(conflict.statusCode).toBe(409);

    // A proposal typed into the API is checked again: only persona fields of the right types pass.
    const forged = (
      await call(user, 'POST', '/api/tasks', {
        title: 'Forged',
        type: 'high_concept_analysis',
        context: { personaId: maya.id, proposal: { name: 'Taken over', highConceptGoal: 42 } },
      })
    ).json<Task>();
    const refused = await call(user, 'POST', `/api/tasks/${forged.id}/accept-proposal`, {
      fields: ['highConceptGoal'],
    });
    expect(refused.statusCode).toBe(409);

    const unchanged = (await call(user, 'GET', `/api/personas/${maya.id}`)).json<Persona>();
    expect(unchanged.highConceptGoal).toBe('');
    expect(unchanged.name).toBe('Maya Chen');
    expect((await call(user, 'GET', `/api/tasks/${task.id}`)).json<Task>().status).toBe('pending');
  });

  it("with a model: the model's proposal, metered; a malformed answer, repaired wrong, gives the offline one", async () => {
    const user = await signedInUser(bed.doppel);
    const maya = await persona(user);
    await useModel(user, bed.openAi, 'fake-strategist');
    const proposal = {
      highConceptGoal: 'Make Lumen Pay the default for cross-border B2B payments',
      highConceptKeyMessages: ['Money should move like messages'],
      brandPersonality: { tone: 'Confident, never loud' },
      somethingElse: 'ignored',
    };
    bed.openAi.script({
      kind: 'reply',
      text: JSON.stringify(proposal),
      promptTokens: 70,
      completionTokens: 30,
    });
    const task = await analyse(user, maya.id);
    const { somethingElse: _ignored, ...expected } = proposal;
    expect(task.context.proposal).toEqual(expected);
    expect(task.context.analyzedBy).toBe('fake-strategist');
    expect(JSON.stringify(bed.openAi.requests.at(-1)!.body)).toContain('B2B payments');

    // An answer that fails the schema, and its repair too: the offline proposal, labelled (decision 036).
    bed.openAi.script({ kind: 'reply', text: 'Sorry, no.' }, { kind: 'reply', text: 'Still no.' });
    const fallback = await call(user, 'POST', `/api/personas/${maya.id}/high-concept-analysis`);
    expect(fallback.statusCode).toBe(201);
    expect(fallback.json<Task>().context).toMatchObject({
      analyzedBy: 'offline',
      analysisFallback: { reason: 'invalid_answer', model: 'fake-strategist' },
    });
    const page = (await call(user, 'GET', '/api/tasks')).json<TaskPage>();
    expect(page.items.filter((item) => item.type === 'high_concept_analysis')).toHaveLength(2);
  });

  it('offline, for a profile with nothing to build on, proposes nothing and says what to fill in', async () => {
    const user = await signedInUser(bed.doppel);
    const blank = (await call(user, 'POST', '/api/personas', { name: 'Blank' })).json<Persona>();
    const task = await analyse(user, blank.id);
    expect(task.context.proposal).toEqual({});
    expect(task.context.summary).toBe(
      'Nothing to propose for Blank: fill in the profile (position, expertise, values, style) first.',
    );
  });
});
