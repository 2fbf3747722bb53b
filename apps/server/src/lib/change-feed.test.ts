import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@doppel/contracts';
import { sql, tasks } from '@doppel/db';
import type { DoppelApp } from '../app';
import { createTestApp, eventually, signedInUser } from '../test-support/test-app';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const taskTitles = async (user: User) => {
  const response = await doppel.app.inject({
    method: 'GET',
    url: '/api/tasks',
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  return response.json<{ items: Array<{ title: string }> }>().items.map((task) => task.title);
};

describe('the change feed', () => {
  it('carries a write that no module announced — plain SQL — to the stream and past the caches', async () => {
    const user = await signedInUser(doppel);
    expect(await taskTitles(user)).toEqual([]); // now cached
    const seen: ChangeEvent[] = [];
    const stop = doppel.ctx.events.subscribe(user.userId, (event) => seen.push(event));
    try {
      const [row] = await doppel.ctx.db
        .insert(tasks)
        .values({
          userId: user.userId,
          type: 'message_reply',
          priority: 'medium',
          title: 'Written behind our back',
        })
        .returning({ id: tasks.id });
      await doppel.ctx.events.caughtUp();
      expect(seen).toContainEqual({ type: 'task.created', taskId: row!.id });
      expect(await taskTitles(user)).toEqual(['Written behind our back']);

      await doppel.ctx.db.execute(sql`update tasks set title = 'Renamed' where id = ${row!.id}`);
      await doppel.ctx.events.caughtUp();
      expect(seen).toContainEqual({ type: 'task.updated', taskId: row!.id });
      expect(await taskTitles(user)).toEqual(['Renamed']);
    } finally {
      stop();
    }
  });

  it("answers a write only once its changes reached this process's caches", async () => {
    const user = await signedInUser(doppel);
    const auth = { authorization: `Bearer ${user.accessToken}` };
    expect(await taskTitles(user)).toEqual([]);
    const created = await doppel.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: auth,
      payload: { title: 'Read your writes', type: 'message_reply' },
    });
    expect(created.statusCode).toBe(201);
    // No waiting: the very next read already sees it, on PGlite and on PostgreSQL alike.
    expect(await taskTitles(user)).toEqual(['Read your writes']);
  });

  it("never hands one user's changes to another user's listener, and sends one event per object", async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    const strangerSaw: ChangeEvent[] = [];
    const ownerSaw: ChangeEvent[] = [];
    const stops = [
      doppel.ctx.events.subscribe(stranger.userId, (event) => strangerSaw.push(event)),
      doppel.ctx.events.subscribe(owner.userId, (event) => ownerSaw.push(event)),
    ];
    try {
      const rows = await doppel.ctx.db
        .insert(tasks)
        .values(
          ['a', 'b', 'c'].map((title) => ({
            userId: owner.userId,
            type: 'message_reply' as const,
            priority: 'low' as const,
            title,
          })),
        )
        .returning({ id: tasks.id });
      await doppel.ctx.events.caughtUp();
      await eventually(async () => expect(ownerSaw).toHaveLength(3));
      expect(new Set(ownerSaw.map((event) => (event as { taskId: string }).taskId))).toEqual(
        new Set(rows.map((row) => row.id)),
      );
      expect(strangerSaw).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
