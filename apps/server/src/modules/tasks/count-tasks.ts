import { taskPriorities, taskStatuses, type TaskCounts } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { readTaskTallies } from './task-queries';

/** How many of the user's tasks have each status and priority: read off the task tallies. */
export async function countTasks(ctx: AppContext, userId: string): Promise<TaskCounts> {
  const rows = await readTaskTallies(ctx.db, userId);
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
