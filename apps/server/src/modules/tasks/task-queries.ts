import { listTasksQuerySchema, type ListTasksQuery, type Task, type TaskPage } from '@doppel/contracts';
import type { z } from 'zod';
import { and, asc, contacts, count, desc, eq, sql, taskTallies, tasks, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import {
  createdBefore,
  encodeCursor,
  exactTimestamp,
  readCreatedCursor,
  type CreatedKey,
} from '../../lib/keyset-cursor';
import {
  pageOf,
  taskListCacheFor,
  type LoadedTaskPage,
  type TaskListFilter,
  type TaskTotals,
} from './task-list-cache';
import { taskWithContactColumns, toTaskView } from './task-view';

export const TASK_NOT_FOUND = 'Task not found';

/**
 * One page of a user's tasks, newest first, with the exact total. A page is read by cursor
 * (`after`/`before`, a seek on an index ending in created_at, id) or, for older clients, by page
 * number (OFFSET). Totals are the user's task tallies, kept by triggers. Pages are cached per user
 * until the user's tasks or contacts change (task-list-cache.ts); the page returned may be shared
 * with other requests, so callers must not modify it.
 */
export async function listTasks(ctx: AppContext, userId: string, query: ListTasksQuery): Promise<TaskPage> {
  return listCheckedTasks(ctx, userId, listTasksQuerySchema.parse(query));
}

/** listTasks for a query the route's schema has already checked and completed with defaults. */
export async function listCheckedTasks(
  ctx: AppContext,
  userId: string,
  query: z.output<typeof listTasksQuerySchema>,
): Promise<TaskPage> {
  const { contactId, after, before, ...rest } = query;
  // Read before the cache, so a forged cursor is a 400 and never a cache entry.
  const seek = after
    ? { after: readCreatedCursor(after)! }
    : before
      ? { before: readCreatedCursor(before)! }
      : {};
  const filter: TaskListFilter = { ...rest, ...seek };
  // One contact's tasks are few and read on its page only: counted as they are, not cached.
  if (contactId) return loadContactTaskPage(ctx.db, userId, contactId, filter);
  return taskListCacheFor(ctx).page(userId, filter, {
    totals: () => readTaskTallies(ctx.db, userId),
    items: () => loadTaskPage(ctx.db, userId, filter),
  });
}

/** How many of the user's tasks have each status, type and priority (at most 54 rows). */
export async function readTaskTallies(db: DbOrTx, userId: string): Promise<TaskTotals> {
  return db
    .select({
      status: taskTallies.status,
      type: taskTallies.type,
      priority: taskTallies.priority,
      n: taskTallies.n,
    })
    .from(taskTallies)
    .where(and(eq(taskTallies.userId, userId), sql`${taskTallies.n} > 0`));
}

function taskFilter(userId: string, filter: TaskListFilter, contactId?: string) {
  const { status, type, priority } = filter;
  return and(
    eq(tasks.userId, userId),
    contactId ? eq(tasks.contactId, contactId) : undefined,
    status ? eq(tasks.status, status) : undefined,
    type ? eq(tasks.type, type) : undefined,
    priority ? eq(tasks.priority, priority) : undefined,
  );
}

/** Rows newer than the key, for a `before` page. */
function createdAfter(key: CreatedKey) {
  return sql`(${tasks.createdAt}, ${tasks.id}) > (${key.createdAt}::timestamptz, ${key.id}::uuid)`;
}

/**
 * The query behind a page: `limit + 1` rows, so the extra one says whether there is more.
 * Exported for the test that reads its plan.
 */
export function taskPageQuery(db: DbOrTx, userId: string, filter: TaskListFilter, contactId?: string) {
  const { page, limit, after, before } = filter;
  const query = db
    .select({ ...taskWithContactColumns, key: exactTimestamp(tasks.createdAt) })
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(
      and(
        taskFilter(userId, filter, contactId),
        before ? createdAfter(before) : createdBefore(tasks.createdAt, tasks.id, after ?? null),
      ),
    )
    // A `before` page reads upwards from its cursor, then is turned around.
    .orderBy(...(before ? [asc(tasks.createdAt), asc(tasks.id)] : [desc(tasks.createdAt), desc(tasks.id)]))
    .limit(limit + 1);
  return after || before ? query : query.offset((page - 1) * limit);
}

async function loadTaskPage(
  db: DbOrTx,
  userId: string,
  filter: TaskListFilter,
  contactId?: string,
): Promise<LoadedTaskPage> {
  const rows = await taskPageQuery(db, userId, filter, contactId);
  const more = rows.length > filter.limit;
  const shown = rows.slice(0, filter.limit);
  if (filter.before) shown.reverse();
  const cursorOf = (row: (typeof shown)[number] | undefined) =>
    row ? encodeCursor([row.key, row.task.id]) : null;
  // Older rows exist when this page was cut short, or, going back, past the cursor it came from.
  const older = filter.before ? true : more;
  // Newer rows exist past the cursor a page came from, or when a `before` page was cut short.
  const newer = filter.before ? more : Boolean(filter.after) || (!filter.after && filter.page > 1);
  return {
    items: shown.map(toTaskView),
    nextCursor: older ? cursorOf(shown.at(-1)) : null,
    prevCursor: newer ? cursorOf(shown[0]) : null,
  };
}

async function loadContactTaskPage(
  db: DbOrTx,
  userId: string,
  contactId: string,
  filter: TaskListFilter,
): Promise<TaskPage> {
  const [loaded, [counted]] = await Promise.all([
    loadTaskPage(db, userId, filter, contactId),
    db
      .select({ n: count() })
      .from(tasks)
      .where(taskFilter(userId, filter, contactId)),
  ]);
  return pageOf(filter, loaded, counted?.n ?? 0);
}

/** A task of this user, or `not_found` — another user's task is indistinguishable from none. */
export async function getTask(db: DbOrTx, userId: string, taskId: string): Promise<Task> {
  const [row] = await db
    .select(taskWithContactColumns)
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  if (!row) throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
  return toTaskView(row);
}
