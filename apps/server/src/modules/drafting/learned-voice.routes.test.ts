import { describe, expect, it } from 'vitest';
import type { DraftStreamEvent, LearnedVoice, Persona, Task } from '@doppel/contracts';
import { contacts } from '@doppel/db';
import { aiTestBed, streamEvents, type TestUser as User } from '../../test-support/ai-test-bed';
import { signedInUser } from '../../test-support/test-app';

/*
 * Issue 20, points 5 and 6 (decision 037): a message sent with changes to its draft teaches the
 * twin — the offline engine's next drafts greet, sign off and run as long as the user's, a
 * model sees the pair in its prompt — until the user forgets it; and every generated draft keeps
 * what it was written with.
 */

const bed = aiTestBed();
const { call, useModel } = bed;

async function contactOf(user: User, name: string) {
  const [contact] = await bed.doppel.ctx.db
    .insert(contacts)
    .values({ userId: user.userId, name, company: 'Nordlicht', language: 'en', source: 'telegram' })
    .returning();
  return contact!;
}

async function replyTask(user: User, name: string) {
  const contact = await contactOf(user, name);
  const response = await call(user, 'POST', '/api/tasks', {
    title: `Reply to ${name}`,
    type: 'message_reply',
    contactId: contact.id,
    context: { lastMessage: 'Could we talk about the pilot next week?', language: 'en' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Task>();
}

async function offlineDrafts(user: User, task: Task, kind: 'quick' | 'detailed' = 'quick') {
  const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: [kind] });
  expect(response.statusCode).toBe(200);
  return response.json<Task>();
}

async function send(user: User, task: Task, text: string, kind = 'quick') {
  const response = await call(user, 'POST', `/api/tasks/${task.id}/send`, { text, kind });
  expect(response.statusCode).toBe(200);
}

async function streamed(user: User, task: Task, kind: 'quick' | 'detailed') {
  const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind });
  const done = streamEvents<DraftStreamEvent>(response.body).at(-1);
  if (done?.type !== 'done') throw new Error(`The draft failed: ${response.body}`);
  return done.task;
}

const learned = async (user: User) => (await call(user, 'GET', '/api/learned-voice')).json<LearnedVoice>();

const TEMPLATE_QUICK = 'Hi Ben, thanks — sounds good. Let me get back to you with details today.';
const ANNAS_REPLY = 'Hey Anna! Sounds good, talk Tuesday.\n\nCheers,\nMax';

describe('the voice learned from the user', () => {
  it('a sent message that changed its draft changes the next offline draft, and Forget undoes it', async () => {
    const user = await signedInUser(bed.doppel);
    const anna = await replyTask(user, 'Anna');
    const drafted = await offlineDrafts(user, anna);
    expect(drafted.responses.quick).toBe(
      'Hi Anna, thanks — sounds good. Let me get back to you with details today.',
    );
    expect(await learned(user)).toMatchObject({ persona: null, count: 0, habits: [], recent: [] });

    await send(user, drafted, ANNAS_REPLY);
    const voice = await learned(user);
    expect(voice).toMatchObject({
      count: 1,
      habits: [
        {
          language: 'en',
          messages: 1,
          greeting: 'Hey {name}!',
          signOff: 'Cheers,\nMax',
          typicalLength: ANNAS_REPLY.length,
        },
      ],
      recent: [
        {
          taskType: 'message_reply',
          channel: 'telegram',
          language: 'en',
          draft: drafted.responses.quick,
          sent: ANNAS_REPLY,
        },
      ],
    });

    // The next draft, for someone else, greets and signs off as the user does, and is as short.
    const ben = await replyTask(user, 'Ben');
    const learnedDraft = await offlineDrafts(user, ben);
    expect(learnedDraft.responses.quick).toBe('Hey Ben! Thanks — sounds good.\n\nCheers,\nMax');
    expect(learnedDraft.context.draftProvenance?.quick).toMatchObject({
      engine: 'offline',
      model: null,
      temperature: null,
      persona: null,
      habits: ['greeting', 'length', 'signOff'],
      examples: [{ id: voice.recent[0]!.id, draft: drafted.responses.quick, sent: ANNAS_REPLY }],
      language: { code: 'en', reason: 'message' },
    });

    const forgotten = await call(user, 'DELETE', '/api/learned-voice');
    expect(forgotten.statusCode).toBe(200);
    expect(forgotten.json()).toMatchObject({ count: 0, habits: [], recent: [] });
    const afterForget = await offlineDrafts(user, ben);
    expect(afterForget.responses.quick).toBe(TEMPLATE_QUICK);
    expect(afterForget.context.draftProvenance?.quick).toMatchObject({ habits: [], examples: [] });
  });

  it('shows the model the closest pairs in its prompt, and no longer once forgotten', async () => {
    const user = await signedInUser(bed.doppel);
    const anna = await replyTask(user, 'Anna');
    await send(user, await offlineDrafts(user, anna), ANNAS_REPLY);
    await useModel(user, bed.openAi, 'fake-writer');
    const ben = await replyTask(user, 'Ben');
    // The model refines Ben's analysis in the background first: let it finish, so the scripted
    // answer goes to the draft.
    await bed.doppel.ctx.background.settled();
    // The draft is the streamed request (the analysis is not streamed).
    const lastDraftPrompt = () =>
      JSON.stringify(
        bed.openAi.requests.filter((request) => request.body.stream === true).at(-1)!.body.messages,
      );

    bed.openAi.script({ kind: 'reply', text: 'Hey Ben! Tuesday works.\n\nCheers,\nMax' });
    const drafted = await streamed(user, ben, 'detailed');
    const prompt = lastDraftPrompt();
    expect(prompt).toContain('The user rewrote earlier drafts of yours before sending them.');
    expect(prompt).toContain(JSON.stringify(ANNAS_REPLY).slice(1, -1));
    expect(drafted.context.draftProvenance?.detailed).toMatchObject({
      engine: 'model',
      model: 'fake-writer',
      temperature: 0.7,
      habits: [],
      examples: [{ sent: ANNAS_REPLY }],
      language: { code: 'en', reason: 'message' },
    });

    await call(user, 'DELETE', '/api/learned-voice');
    await streamed(user, ben, 'detailed');
    const after = lastDraftPrompt();
    expect(after).not.toContain('The user rewrote earlier drafts');
    expect(after).not.toContain('talk Tuesday');
  });

  it('learns nothing from a draft sent as written, or from a text the user wrote themselves', async () => {
    const user = await signedInUser(bed.doppel);
    const anna = await replyTask(user, 'Anna');
    const drafted = await offlineDrafts(user, anna);
    await send(user, drafted, `  ${drafted.responses.quick}\n`);
    const ben = await replyTask(user, 'Ben');
    await send(user, ben, 'Hey Ben! Tuesday?', 'custom');
    expect((await learned(user)).count).toBe(0);
  });

  it('learns against the generated draft when the user saved an edited one before sending', async () => {
    const user = await signedInUser(bed.doppel);
    const anna = await replyTask(user, 'Anna');
    const drafted = await offlineDrafts(user, anna);
    const saved = await call(user, 'PATCH', `/api/tasks/${anna.id}/responses`, {
      responses: { quick: 'Hey Anna! Sounds good.' },
    });
    expect(saved.json<Task>().context.draftProvenance?.quick?.generated).toBe(drafted.responses.quick);
    await send(user, saved.json<Task>(), ANNAS_REPLY);
    expect((await learned(user)).recent).toMatchObject([
      { draft: drafted.responses.quick, sent: ANNAS_REPLY },
    ]);
  });

  it('keeps the pairs per persona, and records which persona fields a draft used', async () => {
    const user = await signedInUser(bed.doppel);
    const maya = (
      await call(user, 'POST', '/api/personas', {
        name: 'Maya Chen',
        position: 'Founder',
        communicationStyle: 'Formal and precise',
      })
    ).json<Persona>();
    const anna = await replyTask(user, 'Anna');
    const drafted = await offlineDrafts(user, anna, 'detailed');
    expect(drafted.context.draftProvenance?.detailed?.persona).toEqual({
      id: maya.id,
      name: 'Maya Chen',
      fields: ['name', 'communicationStyle'],
    });
    await send(user, drafted, ANNAS_REPLY, 'detailed');
    expect(await learned(user)).toMatchObject({ persona: { id: maya.id, name: 'Maya Chen' }, count: 1 });

    await useModel(user, bed.openAi, 'fake-writer');
    const ben = await replyTask(user, 'Ben');
    const byModel = await streamed(user, ben, 'quick');
    expect(byModel.context.draftProvenance?.quick?.persona?.fields).toEqual([
      'name',
      'position',
      'communicationStyle',
    ]);

    // Another persona has learned nothing yet.
    const leo = (await call(user, 'POST', '/api/personas', { name: 'Leo Park' })).json<Persona>();
    await call(user, 'POST', `/api/personas/${leo.id}/twin-voice`);
    expect(await learned(user)).toMatchObject({ persona: { id: leo.id }, count: 0 });
  });
});
