import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
interface TaskJson {
  id: string;
  title: string;
  status: string;
  assignee: string | null;
  dueAt: string | null;
  completedAt: string | null;
  updatedAt: string;
}
const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

async function createTask(user: User, title = 'Reply to Anna'): Promise<TaskJson> {
  clock.advance(1000);
  const response = await call(user, 'POST', '/api/tasks', { title, type: 'message_reply' });
  expect(response.statusCode).toBe(201);
  return response.json();
}
const read = async (user: User, id: string): Promise<TaskJson> =>
  (await call(user, 'GET', `/api/tasks/${id}`)).json();
const patch = (user: User, id: string, body: object) => {
  clock.advance(60_000);
  return call(user, 'PATCH', `/api/tasks/${id}`, body);
};
const listTitles = async (user: User, query: string) =>
  ((await call(user, 'GET', `/api/tasks?limit=100${query}`)).json().items as TaskJson[])
    .map((t) => t.title)
    .sort();

describe('PATCH /api/tasks/:id', () => {
  it('moves pending → in progress → completed → pending, stamping completedAt and clearing it', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    expect(task).toMatchObject({ status: 'pending', completedAt: null });

    const started = await patch(user, task.id, { status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', completedAt: null });

    const completed = await patch(user, task.id, { status: 'completed' });
    expect(completed.statusCode).toBe(200);
    const completedAt = clock.now().toISOString();
    expect(completed.json()).toMatchObject({ status: 'completed', completedAt });
    expect(await listTitles(user, '&status=completed')).toEqual(['Reply to Anna']);

    const reopened = await patch(user, task.id, { status: 'pending' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'pending', completedAt: null });
    expect(await read(user, task.id)).toMatchObject({ status: 'pending', completedAt: null });
    expect(await listTitles(user, '&status=completed')).toEqual([]);
    expect(await listTitles(user, '&status=pending')).toEqual(['Reply to Anna']);
  });

  it('sets and clears the assignee', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    expect(task.assignee).toBeNull();

    expect((await patch(user, task.id, { assignee: 'twin' })).json()).toMatchObject({ assignee: 'twin' });
    expect((await patch(user, task.id, { assignee: 'user' })).json()).toMatchObject({ assignee: 'user' });
    expect(await read(user, task.id)).toMatchObject({ assignee: 'user', status: 'pending' });
    expect((await patch(user, task.id, { assignee: null })).json()).toMatchObject({ assignee: null });

    const unknown = await patch(user, task.id, { assignee: 'someone' });
    expect(unknown.statusCode).toBe(400);
    expect(await read(user, task.id)).toMatchObject({ assignee: null });
  });

  it('sets the due date with any offset and clears it; refuses an invalid one and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);

    const due = await patch(user, task.id, { dueAt: '2026-12-31T18:00:00+02:00', assignee: 'user' });
    expect(due.statusCode).toBe(200);
    expect(due.json()).toMatchObject({ dueAt: '2026-12-31T16:00:00.000Z', assignee: 'user' });
    const before = await read(user, task.id);

    for (const dueAt of ['31/12/2026', '2026-02-31T10:00:00Z', '2026-12-31', 'tomorrow', 42]) {
      // The status and assignee in the same body are not written either: all or nothing.
      const refused = await patch(user, task.id, { dueAt, status: 'completed', assignee: 'twin' });
      expect(refused.statusCode, String(dueAt)).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'validation_failed',
        message: expect.stringMatching(/^dueAt must be an ISO 8601 date and time/),
        fields: { dueAt: 'dueAtInvalid' },
      });
    }
    expect(await read(user, task.id)).toEqual(before);

    const cleared = await patch(user, task.id, { dueAt: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ dueAt: null, assignee: 'user' });
  });

  it('refuses an empty or unknown change', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    expect((await patch(user, task.id, {})).statusCode).toBe(400);
    expect((await patch(user, task.id, { title: 'New title' })).statusCode).toBe(400);
    expect((await patch(user, task.id, { status: 'archived' })).statusCode).toBe(400);
    expect(await read(user, task.id)).toEqual(task);
  });

  it("answers 404 for another user's task, which stays as it was", async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const task = await createTask(owner);

    const response = await patch(stranger, task.id, { status: 'completed', assignee: 'twin', dueAt: null });
    expect(response.statusCode).toBe(404);
    expect(
      (await patch(stranger, '00000000-0000-4000-8000-000000000000', { status: 'completed' })).statusCode,
    ).toBe(404);
    expect(await read(owner, task.id)).toEqual(task);
  });

  it('keeps the status route working', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    const response = await call(user, 'PATCH', `/api/tasks/${task.id}/status`, { status: 'completed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'completed' });
  });
});

describe('POST /api/tasks/bulk', () => {
  it("completes only the caller's tasks and says how many changed", async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const [a, b, done] = [
      await createTask(user, 'A'),
      await createTask(user, 'B'),
      await createTask(user, 'Done'),
    ];
    await patch(user, done.id, { status: 'completed' });
    const doneAt = (await read(user, done.id)).completedAt;
    const theirs = await createTask(stranger, 'Theirs');

    clock.advance(60_000);
    const response = await call(user, 'POST', '/api/tasks/bulk', {
      ids: [a.id, b.id, done.id, theirs.id, a.id],
      action: 'complete',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: 2 });
    expect(await read(user, a.id)).toMatchObject({
      status: 'completed',
      completedAt: clock.now().toISOString(),
    });
    expect(await read(user, b.id)).toMatchObject({ status: 'completed' });
    // Already completed: its first completion time stays.
    expect(await read(user, done.id)).toMatchObject({ status: 'completed', completedAt: doneAt });
    expect(await read(stranger, theirs.id)).toEqual(theirs);
    expect(await listTitles(user, '&status=pending')).toEqual([]);
  });

  it("deletes only the caller's tasks and says how many", async () => {
    const user = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const [a, b, kept] = [
      await createTask(user, 'A'),
      await createTask(user, 'B'),
      await createTask(user, 'Kept'),
    ];
    const theirs = await createTask(stranger, 'Theirs');
    expect(await listTitles(user, '')).toEqual(['A', 'B', 'Kept']);

    const response = await call(user, 'POST', '/api/tasks/bulk', {
      ids: [a.id, b.id, theirs.id],
      action: 'delete',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ changed: 2 });
    expect(await listTitles(user, '')).toEqual(['Kept']);
    expect((await call(user, 'GET', `/api/tasks/${a.id}`)).statusCode).toBe(404);
    expect(await read(user, kept.id)).toEqual(kept);
    expect(await read(stranger, theirs.id)).toEqual(theirs);

    const onlyOthers = await call(user, 'POST', '/api/tasks/bulk', { ids: [theirs.id], action: 'delete' });
    expect(onlyOthers.json()).toEqual({ changed: 0 });
    expect(await read(stranger, theirs.id)).toEqual(theirs);
  });

  it('refuses invalid bodies and changes nothing', async () => {
    const user = await signedInUser(doppel);
    const task = await createTask(user);
    const tooMany = Array.from({ length: 101 }, () => task.id);
    for (const body of [
      {},
      { ids: [], action: 'delete' },
      { ids: [task.id] },
      { ids: [task.id], action: 'archive' },
      { ids: ['not-a-uuid'], action: 'delete' },
      { ids: task.id, action: 'delete' },
      { ids: tooMany, action: 'delete' },
      { ids: [task.id], action: 'delete', extra: true },
    ]) {
      const response = await call(user, 'POST', '/api/tasks/bulk', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect(await read(user, task.id)).toEqual(task);
  });

  it('needs a session', async () => {
    const response = await doppel.app.inject({
      method: 'POST',
      url: '/api/tasks/bulk',
      payload: { ids: ['00000000-0000-4000-8000-000000000000'], action: 'delete' },
    });
    expect(response.statusCode).toBe(401);
  });
});
