import { listTasksQuerySchema, type ListTasksQuery, type Task, type TaskPage } from '@doppel/contracts';
import { and, contacts, count, desc, eq, tasks, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { taskWithContactColumns, toTaskView } from './task-view';

export const TASK_NOT_FOUND = 'Task not found';

/** One page of a user's tasks, newest first, with the exact total (spec §7). */
export async function listTasks(ctx: AppContext, userId: string, query: ListTasksQuery): Promise<TaskPage> {
  const { status, type, priority, page, limit } = listTasksQuerySchema.parse(query);
  const where = and(
    eq(tasks.userId, userId),
    status ? eq(tasks.status, status) : undefined,
    type ? eq(tasks.type, type) : undefined,
    priority ? eq(tasks.priority, priority) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(taskWithContactColumns)
      .from(tasks)
      .leftJoin(contacts, eq(contacts.id, tasks.contactId))
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(tasks).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items: rows.map(toTaskView), total, page, limit, hasMore: total > page * limit };
}

/** A task of this user, or `not_found` — another user's task is indistinguishable from none. */
export async function getTask(db: DbOrTx, userId: string, taskId: string): Promise<Task> {
  const [row] = await db
    .select(taskWithContactColumns)
    .from(tasks)
    .leftJoin(contacts, eq(contacts.id, tasks.contactId))
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  if (!row) throw new AppError('not_found', TASK_NOT_FOUND);
  return toTaskView(row);
}
