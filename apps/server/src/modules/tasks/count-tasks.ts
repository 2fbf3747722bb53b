import { taskPriorities, taskStatuses, type TaskCounts } from '@doppel/contracts';
import { count, eq, tasks } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/** How many of the user's tasks have each status and priority: one grouped scan of the user's index. */
export async function countTasks(ctx: AppContext, userId: string): Promise<TaskCounts> {
  const rows = await ctx.db
    .select({ status: tasks.status, priority: tasks.priority, n: count() })
    .from(tasks)
    .where(eq(tasks.userId, userId))
    .groupBy(tasks.status, tasks.priority);
  const byStatus = Object.fromEntries(taskStatuses.map((status) => [status, 0])) as TaskCounts['byStatus'];
  const byPriority = Object.fromEntries(
    taskPriorities.map((priority) => [priority, 0]),
  ) as TaskCounts['byPriority'];
  let total = 0;
  for (const row of rows) {
    byStatus[row.status] += row.n;
    byPriority[row.priority] += row.n;
    total += row.n;
  }
  return { total, byStatus, byPriority };
}
