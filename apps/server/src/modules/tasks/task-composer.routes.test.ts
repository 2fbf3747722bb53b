import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationHistory, contacts, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
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

  it('drafts posts from the post templates: the shortest for quick, the longest for detailed', async () => {
    const user = await signedInUser(doppel);
    const post = await createTask(user, {
      type: 'linkedin_post',
      context: { triggerData: { newsTitle: 'AI agents reach the enterprise' } },
    });
    const drafts = (
      await call(user, 'POST', `/api/tasks/${post.id}/drafts`, { kinds: ['quick', 'detailed'] })
    ).json();
    expect(drafts.responses.quick).toMatch(
      /^One insight I keep coming back to: AI agents reach the enterprise/,
    );
    expect(drafts.responses.detailed).toMatch(/^AI agents reach the enterprise\n\nThree takeaways/);
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
