import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskPage } from '@doppel/contracts';
import { taskPriorities, taskStatuses, taskTypes } from '@doppel/contracts';
import { eq, sql, taskTallies, tasks } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { readCreatedCursor, type CreatedKey } from '../../lib/keyset-cursor';
import { queryPlan } from '../../test-support/query-plan';
import { createTestApp, signedInUser } from '../../test-support/test-app';
import { taskPageQuery } from './task-queries';

let doppel: DoppelApp;
beforeAll(async () => {
  doppel = await createTestApp();
});
afterAll(async () => {
  await doppel.app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;
const get = async (user: User, query: string) => {
  const response = await doppel.app.inject({
    method: 'GET',
    url: `/api/tasks?${query}`,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  return response;
};
const page = async (user: User, query: string) => {
  const response = await get(user, query);
  expect(response.statusCode).toBe(200);
  return response.json<TaskPage>();
};
const titles = (p: TaskPage) => p.items.map((task) => task.title);

/**
 * Tasks straight into the table: `sameTime` of them share one created_at to the microsecond, so
 * only the id can order them.
 */
async function seed(userId: string, count: number, sameTime = 0) {
  const base = Date.parse('2026-05-01T00:00:00Z');
  await doppel.ctx.db.insert(tasks).values(
    Array.from({ length: count }, (_, n) => ({
      userId,
      title: `Task ${String(n).padStart(3, '0')}`,
      type: taskTypes[n % 5]!,
      priority: taskPriorities[n % 3]!,
      // Created a second apart, except the last `sameTime`, created together.
      createdAt: new Date(base + Math.min(n, count - sameTime) * 1000),
    })),
  );
}

describe('task list by cursor', () => {
  it('walks every task once, newest first, forward and back, ties broken by id', async () => {
    const user = await signedInUser(doppel);
    await seed(user.userId, 57, 12);

    const seen: string[] = [];
    const pages: TaskPage[] = [];
    let current = await page(user, 'limit=10');
    expect(current).toMatchObject({ total: 57, page: 1, prevCursor: null, hasMore: true });
    for (;;) {
      pages.push(current);
      seen.push(...current.items.map((task) => task.id));
      if (!current.nextCursor) break;
      current = await page(user, `limit=10&after=${current.nextCursor}`);
      expect(current).toMatchObject({ total: 57, page: null });
    }
    expect(pages).toHaveLength(6);
    expect(current.hasMore).toBe(false);
    // Every task exactly once, in the order of (created_at, id) descending.
    const all = await doppel.ctx.db
      .select({ id: tasks.id, createdAt: tasks.createdAt })
      .from(tasks)
      .where(eq(tasks.userId, user.userId));
    const expected = all
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(seen).toEqual(expected);

    // Back from the last page, page by page, to the first, which says it is the first.
    let back = pages.at(-1)!;
    for (let i = pages.length - 2; i >= 0; i--) {
      back = await page(user, `limit=10&before=${back.prevCursor}`);
      expect(titles(back)).toEqual(titles(pages[i]!));
    }
    expect(back.prevCursor).toBeNull();
  });

  it('pages a filter by cursor, and an old page number still works', async () => {
    const user = await signedInUser(doppel);
    await seed(user.userId, 40);
    const first = await page(user, 'priority=high&limit=5');
    expect(first.total).toBe(14);
    const second = await page(user, `priority=high&limit=5&after=${first.nextCursor}`);
    expect(second.items.every((task) => task.priority === 'high')).toBe(true);
    expect(titles(second)).toEqual(titles(await page(user, 'priority=high&limit=5&page=2')));
  });

  it('refuses a cursor it did not give out, and both directions at once', async () => {
    const user = await signedInUser(doppel);
    for (const cursor of ['nonsense', Buffer.from('["2026-01-01", "x"]').toString('base64url')]) {
      const response = await get(user, `after=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.reason).toBe('list_cursor_invalid');
    }
    const both = await get(user, 'after=a&before=b');
    expect(both.statusCode).toBe(400);
  });

  it("never shows another user's tasks past a cursor", async () => {
    const owner = await signedInUser(doppel);
    const stranger = await signedInUser(doppel);
    await seed(owner.userId, 15);
    await seed(stranger.userId, 15);
    const first = await page(owner, 'limit=10');
    const rest = await page(owner, `limit=10&after=${first.nextCursor}`);
    const ownIds = new Set(
      (await doppel.ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, owner.userId))).map(
        (r) => r.id,
      ),
    );
    expect([...first.items, ...rest.items].every((task) => ownIds.has(task.id))).toBe(true);
    expect(rest.items).toHaveLength(5);
    // The stranger holding the owner's cursor reads the stranger's own tasks after that point.
    const borrowed = await page(stranger, `limit=10&after=${first.nextCursor}`);
    expect(borrowed.items.some((task) => ownIds.has(task.id))).toBe(false);
  });
});

describe('task tallies', () => {
  it('follow inserts, status and priority moves, deletes, and a deleted user', async () => {
    const user = await signedInUser(doppel);
    await seed(user.userId, 30);
    const counts = async () =>
      (
        await doppel.app.inject({
          method: 'GET',
          url: '/api/tasks/counts',
          headers: { authorization: `Bearer ${user.accessToken}` },
        })
      ).json();
    expect(await counts()).toMatchObject({ total: 30, byStatus: { pending: 30 }, byPriority: { high: 10 } });

    const [one, two] = (await page(user, 'limit=2')).items;
    await doppel.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${one!.id}`,
      payload: { status: 'completed' },
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    await doppel.app.inject({
      method: 'DELETE',
      url: `/api/tasks/${two!.id}`,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(await counts()).toMatchObject({ total: 29, byStatus: { pending: 28, completed: 1 } });
    expect((await page(user, 'status=completed')).total).toBe(1);
    expect((await page(user, 'status=pending')).total).toBe(28);

    // The tallies always equal a count of the table.
    const tallied = await doppel.ctx.db.select().from(taskTallies).where(eq(taskTallies.userId, user.userId));
    expect(tallied.reduce((sum, row) => sum + row.n, 0)).toBe(29);
  });
});

describe('task list plans', () => {
  // Each filter the app sends, read by cursor halfway down 6,000 tasks, as the planner sees them
  // after ANALYZE: a seek on the index that ends in (created_at, id) with no sort of the user's
  // tasks, so any depth costs what the first page does.
  let userId: string;
  let after: CreatedKey;
  beforeAll(async () => {
    const user = await signedInUser(doppel);
    userId = user.userId;
    const base = Date.parse('2026-06-01T00:00:00Z');
    for (let start = 0; start < 6000; start += 1000) {
      await doppel.ctx.db.insert(tasks).values(
        Array.from({ length: 1000 }, (_, i) => {
          const n = start + i;
          return {
            userId,
            title: `Planned ${n}`,
            type: taskTypes[n % taskTypes.length]!,
            priority: taskPriorities[n % 3]!,
            status: taskStatuses[(n >> 1) % 3]!,
            createdAt: new Date(base + n * 1000),
          };
        }),
      );
    }
    await doppel.ctx.db.execute(sql`analyze tasks`);
    const middle = await page(user, 'limit=100&page=30');
    after = readCreatedCursor(middle.nextCursor!)!;
  });

  it.each([
    ['no filter', {}, 'tasks_user_created_idx'],
    ['status', { status: 'pending' as const }, 'tasks_user_status_created_idx'],
    ['type', { type: 'linkedin_post' as const }, 'tasks_user_type_created_idx'],
    ['priority', { priority: 'high' as const }, 'tasks_user_priority_created_idx'],
  ])('%s reads its index without sorting', async (_name, filter, index) => {
    const plan = await queryPlan(
      doppel.ctx.db,
      taskPageQuery(doppel.ctx.db, userId, { ...filter, page: 1, limit: 50, after }),
    );
    expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(/\bSort\b/);
  });
});
