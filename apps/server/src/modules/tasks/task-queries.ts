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
  const filter = listTasksQuerySchema.parse(query);
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

async function loadTaskPage(db: DbOrTx, userId: string, filter: TaskListFilter): Promise<Task[]> {
  const { status, type, priority, page, limit } = filter;
  const rows = await db
    .select(taskWithContactColumns)
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(
      and(
        eq(tasks.userId, userId),
        status ? eq(tasks.status, status) : undefined,
        type ? eq(tasks.type, type) : undefined,
        priority ? eq(tasks.priority, priority) : undefined,
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(toTaskView);
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
