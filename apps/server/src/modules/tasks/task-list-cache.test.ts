import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, eq, tasks } from '@doppel/db';
import type { DoppelApp } from '../../app';
import {
  ManualClock,
  createTestApp,
  signedInUser,
  eventually as eventuallyPasses,
} from '../../test-support/test-app';
import { TASK_LIST_CACHE_TTL_MS, TaskListCache, taskListCacheFor, totalFor } from './task-list-cache';

// Two apps on one database stand for two server processes.
let doppel: DoppelApp;
let other: DoppelApp;
const clock = new ManualClock(new Date('2026-04-01T09:00:00Z'));
beforeAll(async () => {
  doppel = await createTestApp({ clock });
  other = await createTestApp({ clock });
});
afterAll(async () => {
  await Promise.all([doppel.app.close(), other.app.close()]);
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (
  app: DoppelApp,
  user: User,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });
const list = async (app: DoppelApp, user: User, query = '') => {
  const response = await call(app, user, 'GET', `/api/tasks${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const titles = (page: { items: Array<{ title: string }> }) => page.items.map((t) => t.title);

async function createTask(app: DoppelApp, user: User, title: string, fields: object = {}) {
  clock.advance(1000);
  const response = await call(app, user, 'POST', '/api/tasks', { title, type: 'message_reply', ...fields });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; title: string }>();
}

/**
 * Retries until the check passes. Changes from another process arrive through NOTIFY, a moment
 * after the commit on PostgreSQL; the window is far below the cache's lifetime, so only a
 * change event, not expiry, can make these checks pass.
 */
function eventually(check: () => Promise<void>, withinMs = 1500): Promise<void> {
  expect(withinMs).toBeLessThan(TASK_LIST_CACHE_TTL_MS / 4);
  return eventuallyPasses(check, withinMs);
}

describe('cached task lists', () => {
  it('show a created, changed or deleted task on the very next request', async () => {
    const user = await signedInUser(doppel);
    const created: Array<{ id: string; title: string }> = [];
    for (let i = 0; i < 10; i++) created.push(await createTask(doppel, user, `Task ${i}`));

    // Read every list the user will look at, so each is cached before it changes.
    expect(await list(doppel, user)).toMatchObject({ total: 10, hasMore: false });
    expect((await list(doppel, user, '?status=pending')).total).toBe(10);
    expect((await list(doppel, user, '?status=completed')).total).toBe(0);
    expect((await list(doppel, user, '?page=2')).items).toEqual([]);
    expect(taskListCacheFor(doppel.ctx).cachedTasks).toBeGreaterThan(0);

    const eleventh = await createTask(doppel, user, 'Task 10');
    const first = await list(doppel, user);
    expect(first).toMatchObject({ total: 11, hasMore: true });
    expect(first.items[0]).toMatchObject({ id: eleventh.id, title: 'Task 10' });
    expect(titles(await list(doppel, user, '?page=2'))).toEqual(['Task 0']);

    const done = await call(doppel, user, 'PATCH', `/api/tasks/${created[3]!.id}/status`, {
      status: 'completed',
    });
    expect(done.statusCode).toBe(200);
    expect((await list(doppel, user, '?status=pending')).total).toBe(10);
    const completed = await list(doppel, user, '?status=completed');
    expect(completed).toMatchObject({ total: 1, hasMore: false });
    expect(titles(completed)).toEqual(['Task 3']);
    expect((await list(doppel, user)).items.find((t: { id: string }) => t.id === created[3]!.id).status).toBe(
      'completed',
    );

    await call(doppel, user, 'PATCH', `/api/tasks/${created[9]!.id}/responses`, {
      responses: { quick: 'On my way' },
    });
    expect((await list(doppel, user)).items[1]).toMatchObject({
      id: created[9]!.id,
      responses: { quick: 'On my way' },
    });

    expect((await call(doppel, user, 'DELETE', `/api/tasks/${eleventh.id}`)).statusCode).toBe(200);
    const afterDelete = await list(doppel, user);
    expect(afterDelete).toMatchObject({ total: 10, hasMore: false });
    expect(afterDelete.items.map((t: { id: string }) => t.id)).not.toContain(eleventh.id);
    expect((await list(doppel, user, '?page=2')).items).toEqual([]);
  });

  it('show a task edited, bulk completed or bulk deleted on the very next request', async () => {
    const user = await signedInUser(doppel);
    const [a, b, c] = [
      await createTask(doppel, user, 'A'),
      await createTask(doppel, user, 'B'),
      await createTask(doppel, user, 'C'),
    ];
    expect(titles(await list(doppel, user, '?status=pending'))).toEqual(['C', 'B', 'A']);
    expect((await list(doppel, user, '?status=in_progress')).total).toBe(0);
    expect((await list(doppel, user, '?status=completed')).total).toBe(0);
    expect((await list(doppel, user)).items[2]).toMatchObject({ assignee: null, dueAt: null });

    const edited = await call(doppel, user, 'PATCH', `/api/tasks/${a.id}`, {
      status: 'in_progress',
      assignee: 'twin',
      dueAt: '2026-05-01T09:00:00Z',
    });
    expect(edited.statusCode).toBe(200);
    expect(titles(await list(doppel, user, '?status=pending'))).toEqual(['C', 'B']);
    expect(titles(await list(doppel, user, '?status=in_progress'))).toEqual(['A']);
    expect((await list(doppel, user)).items[2]).toMatchObject({
      assignee: 'twin',
      dueAt: '2026-05-01T09:00:00.000Z',
    });

    const completed = await call(doppel, user, 'POST', '/api/tasks/bulk', {
      ids: [a.id, b.id],
      action: 'complete',
    });
    expect(completed.json()).toEqual({ changed: 2 });
    expect(titles(await list(doppel, user, '?status=completed'))).toEqual(['B', 'A']);
    expect(titles(await list(doppel, user, '?status=pending'))).toEqual(['C']);
    expect((await list(doppel, user, '?status=in_progress')).total).toBe(0);

    const deleted = await call(doppel, user, 'POST', '/api/tasks/bulk', {
      ids: [b.id, c.id],
      action: 'delete',
    });
    expect(deleted.json()).toEqual({ changed: 2 });
    expect(await list(doppel, user)).toMatchObject({ total: 1, items: [{ title: 'A' }] });
    expect((await list(doppel, user, '?status=pending')).total).toBe(0);
  });

  it("never shows one user's cached list to another", async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    await createTask(doppel, owner, 'Mine only');
    expect(titles(await list(doppel, owner))).toEqual(['Mine only']);
    // Same query, same page, straight after: the stranger's own (empty) list.
    expect(await list(doppel, stranger)).toMatchObject({ items: [], total: 0, hasMore: false });
    await createTask(doppel, stranger, 'Theirs');
    expect(titles(await list(doppel, owner))).toEqual(['Mine only']);
    expect(titles(await list(doppel, stranger))).toEqual(['Theirs']);
  });

  it('follow changes made outside the task commands: a contact renamed, a task written directly', async () => {
    const user = await signedInUser(doppel);
    const [contact] = await doppel.ctx.db
      .insert(contacts)
      .values({ userId: user.userId, name: 'Anna', company: 'Nordlicht', source: 'email' })
      .returning();
    await createTask(doppel, user, 'Reply to Anna', { contactId: contact!.id });
    expect((await list(doppel, user)).items[0].contact).toMatchObject({ name: 'Anna', company: 'Nordlicht' });

    await doppel.ctx.db
      .update(contacts)
      .set({ name: 'Anna Berg', company: 'Polaris' })
      .where(eq(contacts.id, contact!.id));
    await eventually(async () => {
      expect((await list(doppel, user)).items[0].contact).toMatchObject({
        name: 'Anna Berg',
        company: 'Polaris',
      });
    });

    await doppel.ctx.db.delete(contacts).where(eq(contacts.id, contact!.id));
    await eventually(async () => {
      expect((await list(doppel, user)).items[0]).toMatchObject({ contactId: null, contact: null });
    });

    await doppel.ctx.db.insert(tasks).values({
      userId: user.userId,
      type: 'linkedin_post',
      priority: 'low',
      title: 'Imported',
      createdAt: new Date(clock.now().getTime() + 60_000),
    });
    await eventually(async () => {
      const page = await list(doppel, user);
      expect(page.total).toBe(2);
      expect(page.items[0].title).toBe('Imported');
    });
  });

  it('reach every server process: a change through one app shows in the list another app cached', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(doppel, user, 'Before');
    expect(await list(other, user)).toMatchObject({
      total: 1,
      items: [{ title: 'Before', status: 'pending' }],
    });
    expect((await list(other, user, '?status=completed')).total).toBe(0);

    await createTask(doppel, user, 'After');
    await eventually(async () => {
      expect(titles(await list(other, user))).toEqual(['After', 'Before']);
    });

    await call(doppel, user, 'PATCH', `/api/tasks/${task.id}/status`, { status: 'completed' });
    await eventually(async () => {
      expect(titles(await list(other, user, '?status=completed'))).toEqual(['Before']);
    });

    await call(doppel, user, 'DELETE', `/api/tasks/${task.id}`);
    await eventually(async () => {
      expect(await list(other, user)).toMatchObject({ total: 1, items: [{ title: 'After' }] });
    });
  });
});

describe('task list cache', () => {
  const page = (title: string) => ({
    id: title,
    contactId: null,
    contact: null,
    type: 'message_reply' as const,
    title,
    description: '',
    priority: 'high' as const,
    status: 'pending' as const,
    context: {},
    responses: {},
    assignee: null,
    dueAt: null,
    createdAt: '2026-04-01T09:00:00.000Z',
    updatedAt: '2026-04-01T09:00:00.000Z',
    completedAt: null,
  });

  it('counts once per change for every filter, and shares one query between concurrent requests', async () => {
    const cache = new TaskListCache();
    let totalsQueries = 0;
    let pageQueries = 0;
    const loaders = {
      totals: async () => {
        totalsQueries++;
        return [
          { status: 'pending' as const, type: 'message_reply' as const, priority: 'high' as const, n: 7 },
          { status: 'completed' as const, type: 'linkedin_post' as const, priority: 'low' as const, n: 5 },
        ];
      },
      items: async () => {
        pageQueries++;
        return { items: [page('a')], nextCursor: null, prevCursor: null };
      },
    };
    const filters = [
      { page: 1, limit: 10 },
      { page: 1, limit: 10 },
      { status: 'pending' as const, page: 1, limit: 10 },
      { type: 'linkedin_post' as const, page: 2, limit: 2 },
    ];
    const pages = await Promise.all(filters.map((filter) => cache.page('u1', filter, loaders)));
    expect(pages.map((p) => p.total)).toEqual([12, 12, 7, 5]);
    expect(totalsQueries).toBe(1);
    expect(pageQueries).toBe(3);

    cache.forget('u1');
    await cache.page('u1', { page: 1, limit: 10 }, loaders);
    expect(totalsQueries).toBe(2);
    expect(totalFor([], {})).toBe(0);
  });

  it('does not remember a failed query', async () => {
    const cache = new TaskListCache();
    let fail = true;
    const loaders = {
      totals: async () => {
        if (fail) throw new Error('database went away');
        return [];
      },
      items: async () => ({ items: [], nextCursor: null, prevCursor: null }),
    };
    await expect(cache.page('u1', { page: 1, limit: 10 }, loaders)).rejects.toThrow('database went away');
    fail = false;
    expect(await cache.page('u1', { page: 1, limit: 10 }, loaders)).toMatchObject({ total: 0, items: [] });
  });
});
