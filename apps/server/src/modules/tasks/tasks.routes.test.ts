import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { ManualClock, createTestApp, signedInUser } from '../../test-support/test-app';

let doppel: DoppelApp;
const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
beforeAll(async () => {
  doppel = await createTestApp({ clock });
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function createTask(user: User, fields: Record<string, unknown> = {}) {
  clock.advance(1000);
  const response = await call(user, 'POST', '/api/tasks', {
    title: 'Reply to Anna',
    type: 'message_reply',
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('task list', () => {
  it('filters by status, type and priority, newest first, with exact pagination figures', async () => {
    const user = await signedInUser(doppel);
    const created = [];
    for (let i = 0; i < 12; i++) {
      created.push(
        await createTask(user, {
          title: `Task ${i}`,
          type: i % 3 === 0 ? 'linkedin_post' : 'message_reply',
          priority: i % 2 === 0 ? 'high' : 'low',
        }),
      );
    }
    await call(user, 'PATCH', `/api/tasks/${created[0].id}/status`, { status: 'completed' });

    const firstPage = (await call(user, 'GET', '/api/tasks')).json();
    expect(firstPage).toMatchObject({ total: 12, page: 1, limit: 10, hasMore: true });
    expect(firstPage.items).toHaveLength(10);
    expect(firstPage.items[0].title).toBe('Task 11');
    const secondPage = (await call(user, 'GET', '/api/tasks?page=2')).json();
    expect(secondPage).toMatchObject({ total: 12, page: 2, hasMore: false });
    expect(secondPage.items.map((t: { title: string }) => t.title)).toEqual(['Task 1', 'Task 0']);

    const posts = (await call(user, 'GET', '/api/tasks?type=linkedin_post&limit=50')).json();
    expect(posts.total).toBe(4);
    expect(posts.items.every((t: { type: string }) => t.type === 'linkedin_post')).toBe(true);
    const high = (await call(user, 'GET', '/api/tasks?priority=high&limit=50')).json();
    expect(high.total).toBe(6);
    const pending = (await call(user, 'GET', '/api/tasks?status=pending&limit=50')).json();
    expect(pending.total).toBe(11);
    const combined = (
      await call(user, 'GET', '/api/tasks?status=completed&type=linkedin_post&priority=high')
    ).json();
    expect(combined.items.map((t: { title: string }) => t.title)).toEqual(['Task 0']);
  });

  it('rejects an unknown filter value or a limit over 100', async () => {
    const user = await signedInUser(doppel);
    for (const query of [
      'status=open',
      'type=tweet',
      'priority=urgent',
      'limit=101',
      'page=0',
      'sort=title',
    ]) {
      const response = await call(user, 'GET', `/api/tasks?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});

describe('task changes', () => {
  it('creates a task with its contact and context, and reads it back', async () => {
    const user = await signedInUser(doppel);
    const [contact] = await doppel.ctx.db
      .insert(contacts)
      .values({
        userId: user.userId,
        name: 'Anna Müller',
        company: 'Nordlicht',
        language: 'de',
        source: 'whatsapp',
      })
      .returning();
    const task = await createTask(user, {
      contactId: contact!.id,
      priority: 'high',
      context: {
        triggerType: 'message',
        lastMessage: 'Hallo!',
        analysisData: { opportunityType: 'partnership' },
      },
    });
    expect(task).toMatchObject({
      status: 'pending',
      priority: 'high',
      contact: { name: 'Anna Müller', language: 'de', source: 'whatsapp' },
      context: { triggerType: 'message', lastMessage: 'Hallo!' },
      responses: {},
      completedAt: null,
    });
    expect((await call(user, 'GET', `/api/tasks/${task.id}`)).json()).toEqual(task);
  });

  it('analyses a new task in the user’s interface language, answering in the contact’s', async () => {
    const user = await signedInUser(doppel);
    expect((await call(user, 'PATCH', '/api/settings', { language: 'ru' })).statusCode).toBe(200);
    const [contact] = await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Anna Müller', language: 'de', source: 'whatsapp' })
      .returning();
    const task = await createTask(user, {
      contactId: contact!.id,
      context: { triggerType: 'message', lastMessage: 'Können wir heute über den Preis sprechen?' },
    });
    expect(task.context).toMatchObject({
      summary: 'Anna Müller пишет: «Können wir heute über den Preis sprechen?»',
      recommendation: 'СРОЧНО: ответьте в течение 24 часов — продажа',
      recommendationKind: 'urgent',
      analysisData: { opportunityType: 'Продажа' },
      language: 'de',
      analyzedBy: 'offline',
    });
  });

  it('refuses a blank title, an unknown type and a contact of another user', async () => {
    const user = await signedInUser(doppel);
    const other = await signedInUser(doppel);
    const [foreign] = await doppel.ctx.db
      .insert(contacts)
      .values({ userId: other.userId, name: 'Not yours', source: 'email' })
      .returning();
    const blank = await call(user, 'POST', '/api/tasks', { title: '  ', type: 'message_reply' });
    expect(blank.json().error.fields).toEqual({ title: 'titleRequired' });
    expect((await call(user, 'POST', '/api/tasks', { title: 'x', type: 'tweet' })).statusCode).toBe(400);
    const stolen = await call(user, 'POST', '/api/tasks', {
      title: 'x',
      type: 'message_reply',
      contactId: foreign!.id,
    });
    expect(stolen.json().error.fields).toEqual({ contactId: 'contactNotFound' });
    expect((await call(user, 'GET', '/api/tasks')).json().total).toBe(0);
  });

  it('moves between any statuses; completed stamps completed_at and leaving it clears it', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    const transitions: Array<[string, boolean]> = [
      ['in_progress', false],
      ['completed', true],
      ['pending', false],
      ['completed', true],
      ['in_progress', false],
      ['pending', false],
    ];
    for (const [status, stamped] of transitions) {
      clock.advance(60_000);
      const updated = (await call(user, 'PATCH', `/api/tasks/${task.id}/status`, { status })).json();
      expect(updated.status).toBe(status);
      if (stamped) expect(updated.completedAt).toBe(clock.now().toISOString());
      else expect(updated.completedAt).toBeNull();
    }
    const invalid = await call(user, 'PATCH', `/api/tasks/${task.id}/status`, { status: 'cancelled' });
    expect(invalid.statusCode).toBe(400);
  });

  it('merges saved responses into the existing ones', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    await call(user, 'PATCH', `/api/tasks/${task.id}/responses`, {
      responses: { quick: 'Thanks!', detailed: 'Long' },
    });
    const merged = (
      await call(user, 'PATCH', `/api/tasks/${task.id}/responses`, {
        responses: { detailed: 'Longer', story: 'Once' },
      })
    ).json();
    expect(merged.responses).toEqual({ quick: 'Thanks!', detailed: 'Longer', story: 'Once' });
  });

  it('deletes a task', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    expect((await call(user, 'DELETE', `/api/tasks/${task.id}`)).json()).toEqual({ ok: true });
    const gone = await call(user, 'GET', `/api/tasks/${task.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({
      code: 'not_found',
      message: 'Task not found',
      reason: 'task_not_found',
    });
    expect((await call(user, 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
  });

  it("keeps another user's task invisible on every route", async () => {
    const owner = await signedInUser(doppel);
    const intruder = await signedInUser(doppel);
    const task = await createTask(owner, { title: 'Private' });
    const attempts = [
      call(intruder, 'GET', `/api/tasks/${task.id}`),
      call(intruder, 'PATCH', `/api/tasks/${task.id}/status`, { status: 'completed' }),
      call(intruder, 'PATCH', `/api/tasks/${task.id}/responses`, { responses: { quick: 'hijack' } }),
      call(intruder, 'DELETE', `/api/tasks/${task.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Task not found');
    }
    expect((await call(intruder, 'GET', '/api/tasks')).json().total).toBe(0);
    const untouched = (await call(owner, 'GET', `/api/tasks/${task.id}`)).json();
    expect(untouched).toMatchObject({ status: 'pending', responses: {}, title: 'Private' });
  });

  it('needs a session', async () => {
    expect((await doppel.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });
});
