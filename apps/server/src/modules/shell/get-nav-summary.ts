import type { NavSummary } from '@doppel/contracts';
import { and, count, eq, tasks } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/** Figures for the navigation: the pending-task badge of the actions tab. */
export async function getNavSummary(ctx: AppContext, userId: string): Promise<NavSummary> {
  const [row] = await ctx.db
    .select({ pending: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, 'pending')));
  return { pendingTasks: row?.pending ?? 0 };
}
