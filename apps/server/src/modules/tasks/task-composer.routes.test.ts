import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '@doppel/contracts';
import { communicationHistory, contacts, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { streamEvents } from '../../test-support/ai-test-bed';
import { ManualClock, createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function contactOf(
  user: User,
  fields: { name: string; language: string; source: 'telegram' | 'email' },
) {
  const [contact] = await doppel.ctx.db
    .insert(contacts)
    .values({ userId: user.userId, company: 'Nordlicht', ...fields })
    .returning();
  return contact!;
}

async function createTask(user: User, fields: Record<string, unknown>) {
  clock.advance(1000);
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply',
    type: 'message_reply',
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('sending from the composer', () => {
  it('saves the text as a response, records it in the history to send manually, and completes the task', async () => {
    const user = await signedInUser(doppel);
    const contact = await contactOf(user, { name: 'Ivan', language: 'ru', source: 'telegram' });
    const task = await createTask(user, { contactId: contact.id });
    await call(user, 'PATCH', `/api/tasks/${task.id}/responses`, { responses: { quick: 'draft' } });
    clock.advance(5000);

    const sent = await call(user, 'POST', `/api/tasks/${task.id}/send`, {
      text: '  Привет, Иван!  ',
      kind: 'polite',
    });
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body.delivery).toEqual({ status: 'to_send_manually', channel: 'telegram' });
    expect(body.task.status).toBe('completed');
    expect(body.task.completedAt).toBe(clock.now().toISOString());
    expect(body.task.responses).toEqual({ quick: 'draft', polite: 'Привет, Иван!', sent: 'Привет, Иван!' });

    const history = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, contact.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      userId: user.userId,
      direction: 'outbound',
      channel: 'telegram',
      text: 'Привет, Иван!',
      deliveryStatus: 'to_send_manually',
    });
    const pending = (await call(user, 'GET', '/api/shell/summary')).json();
    expect(pending.pendingTasks).toBe(0);
  });

  it('publishes posts to their platform without a history entry; custom is the default kind', async () => {
    const user = await signedInUser(doppel);
    const post = await createTask(user, { type: 'reddit_post' });
    const sent = (
      await call(user, 'POST', `/api/tasks/${post.id}/send`, { text: 'What do you think?' })
    ).json();
    expect(sent.delivery).toEqual({ status: 'to_send_manually', channel: 'reddit' });
    expect(sent.task.responses).toEqual({ custom: 'What do you think?', sent: 'What do you think?' });
  });

  it('refuses an empty or whitespace-only text and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user, {});
    for (const text of ['', '   \n\t ']) {
      const response = await call(user, 'POST', `/api/tasks/${task.id}/send`, { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ text: 'messageRequired' });
    }
    const after = (await call(user, 'GET', `/api/tasks/${task.id}`)).json();
    expect(after).toMatchObject({ status: 'pending', responses: {}, completedAt: null });
  });

  it("does not send another user's task", async () => {
    const owner = await signedInUser(doppel);
    const intruder = await signedInUser(doppel);
    const task = await createTask(owner, {});
    const response = await call(intruder, 'POST', `/api/tasks/${task.id}/send`, { text: 'hi' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Task not found');
    expect((await call(owner, 'GET', `/api/tasks/${task.id}`)).json().status).toBe('pending');
  });
});

describe('generating drafts', () => {
  it("fills quick and detailed drafts from the templates in the contact's language, merged into responses", async () => {
    const user = await signedInUser(doppel);
    const contact = await contactOf(user, { name: 'Hans', language: 'de', source: 'email' });
    const task = await createTask(user, {
      contactId: contact.id,
      context: { lastMessage: 'Können wir nächste Woche sprechen?' },
    });
    await call(user, 'PATCH', `/api/tasks/${task.id}/responses`, { responses: { note: 'keep me' } });

    const quick = (await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['quick'] })).json();
    expect(quick.responses.note).toBe('keep me');
    expect(quick.responses.quick).toBe(
      'Hallo Hans, danke – klingt gut. Ich melde mich heute noch mit den Details.',
    );
    const detailed = (
      await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['detailed'] })
    ).json();
    expect(detailed.responses.quick).toBe(quick.responses.quick);
    expect(detailed.responses.detailed).toContain('„Können wir nächste Woche sprechen?“');
    expect(detailed.responses.detailed).toContain('Ihre Ziele bei Nordlicht');
  });

  it('writes in the response language when the user fixed one, else in the analysed language', async () => {
    const user = await signedInUser(doppel);
    const contact = await contactOf(user, { name: 'Hans', language: 'de', source: 'email' });
    const spanish = await createTask(user, {
      contactId: contact.id,
      context: { lastMessage: 'Hola, ¿podemos hablar la próxima semana?' },
    });
    expect(spanish.context.language).toBe('es');
    const auto = (await call(user, 'POST', `/api/tasks/${spanish.id}/drafts`, { kinds: ['quick'] })).json();
    expect(auto.responses.quick).toBe('Hola Hans, gracias, me parece bien. Te escribo hoy con los detalles.');

    await call(user, 'PATCH', '/api/settings', { responseLanguage: 'ru' });
    const fixed = (await call(user, 'POST', `/api/tasks/${spanish.id}/drafts`, { kinds: ['quick'] })).json();
    expect(fixed.responses.quick).toBe('Hans, спасибо — звучит отлично. Вернусь к вам с деталями сегодня.');
  });

  it('drafts posts from fixed post kinds, the same in every language: LinkedIn insight/story, Reddit question/discussion, comments supportive/expert', async () => {
    const user = await signedInUser(doppel);
    const draftsOf = async (fields: Record<string, unknown>) => {
      const task = await createTask(user, fields);
      const response = await call(user, 'POST', `/api/tasks/${task.id}/drafts`, {
        kinds: ['quick', 'detailed'],
      });
      expect(response.statusCode).toBe(200);
      return response.json().responses as { quick: string; detailed: string };
    };

    const linkedin = await draftsOf({
      type: 'linkedin_post',
      context: { triggerData: { newsTitle: 'AI agents reach the enterprise' } },
    });
    expect(linkedin.quick).toMatch(/^One insight I keep coming back to: AI agents reach the enterprise\n\n/);
    expect(linkedin.detailed).toMatch(
      /^A year ago we faced the same question: AI agents reach the enterprise\n\n/,
    );

    // In Spanish and German the discussion template is shorter than the question one: the kind
    // is chosen by name, not by length.
    const spanish = await draftsOf({
      type: 'reddit_post',
      context: { language: 'es', triggerData: { newsTitle: '¿Cómo encontráis clientes?' } },
    });
    expect(spanish.quick).toBe(
      'Pregunta para la comunidad: ¿Cómo encontráis clientes?\n\nSe agradece cualquier consejo, herramienta o experiencia.',
    );
    expect(spanish.detailed).toBe(
      '¿Cómo encontráis clientes?\n\n¿Cómo lo manejáis vosotros? ¿Qué os ha funcionado y qué no?',
    );
    const german = await draftsOf({
      type: 'reddit_post',
      context: { language: 'de', triggerData: { newsTitle: 'Wie findet ihr Kunden?' } },
    });
    expect(german.quick).toMatch(/^Frage an die Community: Wie findet ihr Kunden\?/);
    expect(german.detailed).toMatch(/^Wie findet ihr Kunden\?\n\nWie geht ihr damit um\?/);

    const comment = await draftsOf({
      type: 'reddit_comment',
      context: {
        language: 'fr',
        triggerType: 'social_comment',
        triggerData: { originalAuthor: 'julie_b', originalPost: 'Quels outils utilisez-vous ?' },
      },
    });
    expect(comment.quick).toMatch(/^Très juste, julie_b\./);
    expect(comment.detailed).toMatch(/^D’après notre expérience, l’essentiel est de commencer petit/);
  });

  it('refuses to draft a High Concept Analysis: its result is a proposal, not a message', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user, {
      title: 'High Concept Analysis: Maya',
      type: 'high_concept_analysis',
      description: 'Founder of a payments startup',
    });
    const refusal = {
      code: 'conflict',
      message: 'A High Concept Analysis has no message to draft; review its proposal on the Personas page.',
      // The web app and the agent console word the reason; the message is for API clients.
      reason: 'nothing_to_draft',
    };

    const drafts = await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['quick', 'detailed'] });
    expect(drafts.statusCode).toBe(409);
    expect(drafts.json().error).toMatchObject(refusal);

    const streamed = await call(user, 'POST', `/api/tasks/${task.id}/drafts/stream`, { kind: 'detailed' });
    expect(streamed.statusCode).toBe(409);
    expect(streamed.json().error).toMatchObject(refusal);

    const agent = await call(user, 'POST', '/api/agent/messages', {
      content: `/draft #${task.id.slice(0, 8)}`,
    });
    const events = streamEvents<ChatStreamEvent>(agent.body);
    expect(events.at(-1)).toEqual({ type: 'error', error: refusal });
    expect(events.some((event) => event.type === 'delta' || event.type === 'done')).toBe(false);

    expect((await call(user, 'GET', `/api/tasks/${task.id}`)).json().responses).toEqual({});
  });

  it('rejects unknown kinds and foreign tasks', async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const task = await createTask(user, {});
    expect((await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['long'] })).statusCode).toBe(
      400,
    );
    expect((await call(user, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: [] })).statusCode).toBe(400);
    expect((await call(other, 'POST', `/api/tasks/${task.id}/drafts`, { kinds: ['quick'] })).statusCode).toBe(
      404,
    );
  });
});

describe('task counts', () => {
  it("counts the user's tasks by status and priority, and nobody else's", async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    await createTask(other, { priority: 'high' });
    await createTask(user, { priority: 'high' });
    await createTask(user, { priority: 'low' });
    const done = await createTask(user, { priority: 'low' });
    await call(user, 'PATCH', `/api/tasks/${done.id}/status`, { status: 'completed' });

    const counts = (await call(user, 'GET', '/api/tasks/counts')).json();
    expect(counts).toEqual({
      total: 3,
      byStatus: { pending: 2, in_progress: 0, completed: 1 },
      byPriority: { high: 1, medium: 0, low: 2 },
    });
  });
});
