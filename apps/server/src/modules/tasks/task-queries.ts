import { listTasksQuerySchema, type ListTasksQuery, type Task, type TaskPage } from '@doppel/contracts';
import { and, contacts, count, desc, eq, tasks, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { taskListCacheFor, type TaskListFilter, type TaskTotals } from './task-list-cache';
import { taskWithContactColumns, toTaskView } from './task-view';

export const TASK_NOT_FOUND = 'Task not found';

/**
 * One page of a user's tasks, newest first, with the exact total. Pages and totals
 * are cached per user until the user's tasks or contacts change (task-list-cache.ts); the
 * page returned may be shared with other requests, so callers must not modify it.
 */
export async function listTasks(ctx: AppContext, userId: string, query: ListTasksQuery): Promise<TaskPage> {
  const { contactId, ...filter } = listTasksQuerySchema.parse(query);
  // One contact's tasks are few and read on its page only: counted as they are, not cached.
  if (contactId) return loadContactTaskPage(ctx.db, userId, contactId, filter);
  return taskListCacheFor(ctx).page(userId, filter, {
    totals: () => countTasksByKind(ctx.db, userId),
    items: () => loadTaskPage(ctx.db, userId, filter),
  });
}

/** One grouped count answers the total of every filter combination (at most 54 rows). */
async function countTasksByKind(db: DbOrTx, userId: string): Promise<TaskTotals> {
  return db
    .select({ status: tasks.status, type: tasks.type, priority: tasks.priority, n: count() })
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .groupBy(tasks.status, tasks.type, tasks.priority);
}

function taskFilter(userId: string, filter: Omit<TaskListFilter, 'page' | 'limit'>, contactId?: string) {
  const { status, type, priority } = filter;
  return and(
    eq(tasks.userId, userId),
    contactId ? eq(tasks.contactId, contactId) : undefined,
    status ? eq(tasks.status, status) : undefined,
    type ? eq(tasks.type, type) : undefined,
    priority ? eq(tasks.priority, priority) : undefined,
  );
}

async function loadTaskPage(
  db: DbOrTx,
  userId: string,
  filter: TaskListFilter,
  contactId?: string,
): Promise<Task[]> {
  const { page, limit } = filter;
  const rows = await db
    .select(taskWithContactColumns)
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(taskFilter(userId, filter, contactId))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(toTaskView);
}

async function loadContactTaskPage(
  db: DbOrTx,
  userId: string,
  contactId: string,
  filter: TaskListFilter,
): Promise<TaskPage> {
  const [items, [counted]] = await Promise.all([
    loadTaskPage(db, userId, filter, contactId),
    db.select({ n: count() }).from(tasks).where(taskFilter(userId, filter, contactId)),
  ]);
  const total = counted?.n ?? 0;
  const { page, limit } = filter;
  return { items, total, page, limit, hasMore: total > page * limit };
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
