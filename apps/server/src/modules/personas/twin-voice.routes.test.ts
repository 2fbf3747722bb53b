import { describe, expect, it } from 'vitest';
import type { DraftStreamEvent, Persona, Task } from '@doppel/contracts';
import { aiTestBed, streamEvents, type TestUser as User } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';

const bed = aiTestBed();
const { call, useModel } = bed;

async function persona(user: User, fields: object) {
  const response = await call(user, 'POST', '/api/personas', fields);
  expect(response.statusCode).toBe(201);
  return response.json<Persona>();
}

async function englishTask(user: User) {
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply to Sam',
    type: 'message_reply',
    context: { lastMessage: 'Could we talk about a partnership next week?', language: 'en' },
  });
  return response.json<Task>();
}

const formalMaya = {
  name: 'Maya Chen',
  communicationStyle: 'Formal and precise',
  highConceptKeyMessages: ['Money should move like messages'],
};
const casualLeo = { name: 'Leo Park', communicationStyle: 'Casual and friendly, short sentences' };

describe("the twin's voice", () => {
  it('offline drafts close and sign as the active persona, as its style says', async () => {
    const user = await signedInUser(bed.doppel);
    await persona(user, formalMaya);
    const leo = await persona(user, casualLeo);
    const task = await englishTask(user);

    const asMaya = (
      await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed'] })
    ).json<Task>();
    expect(asMaya.responses.detailed).toMatch(/Money should move like messages\n\nKind regards\nMaya$/);

    await call(user, 'POST', `/api/personas/${leo.id}/twin-voice`);
    const asLeo = (
      await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed'] })
    ).json<Task>();
    expect(asLeo.responses.detailed).toMatch(/\n\nCheers\nLeo$/);
    expect(asLeo.responses.detailed).not.toContain('Money should move like messages');
  });

  it("tells the model which persona it writes as, and switches with the user's choice", async () => {
    const user = await signedInUser(bed.doppel);
    await persona(user, formalMaya);
    const leo = await persona(user, casualLeo);
    const task = await englishTask(user);
    await useModel(user, bed.openAi, 'fake-writer');

    const draft = async () => {
      const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'quick' });
      expect(streamEvents<DraftStreamEvent>(response.body).at(-1)?.type).toBe('done');
      const request = bed.openAi.requests.at(-1)!;
      return (request.body.messages as Array<{ role: string; content: string }>)[0]!.content;
    };
    const mayaPrompt = await draft();
    expect(mayaPrompt).toContain('Write as Maya Chen.');
    expect(mayaPrompt).toContain('Communication style: Formal and precise');
    expect(mayaPrompt).toContain('Key messages to weave in where they fit: Money should move like messages');

    await call(user, 'POST', `/api/personas/${leo.id}/twin-voice`);
    const leoPrompt = await draft();
    expect(leoPrompt).toContain('Write as Leo Park.');
    expect(leoPrompt).toContain('Communication style: Casual and friendly, short sentences');
    expect(leoPrompt).not.toContain('Maya');
  });
});
