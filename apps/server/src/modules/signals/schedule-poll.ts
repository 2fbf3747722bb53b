import { and, eq, jobs, signalSources, sql, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';

/*
 * Each active source has exactly one queued poll job. Every path that schedules one (adding,
 * resuming, "poll now", the end of a poll) first locks the source's row in its transaction,
 * then moves the queued job earlier or writes one — so two requests or two workers cannot
 * leave two future polls behind.
 */

export const POLL_JOB_KIND = 'signals.poll';

export interface PollJobPayload {
  userId: string;
  sourceId: string;
  [key: string]: unknown;
}

/** Locks the source's row for the rest of the transaction; null when it is gone. */
export async function lockSource(tx: DbOrTx, userId: string, sourceId: string) {
  const [row] = await tx
    .select()
    .from(signalSources)
    .where(and(eq(signalSources.id, sourceId), eq(signalSources.userId, userId)))
    .for('update');
  return row ?? null;
}

/**
 * Makes sure the source's poll runs no later than `runAt`: the queued job moves earlier (never
 * later, so a "poll now" is not pushed back by a poll finishing meanwhile), or one is written.
 * Call with the source locked; returns when the poll will run.
 */
export async function schedulePoll(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  sourceId: string,
  runAt: Date,
): Promise<Date> {
  let next = await ctx.jobs.moveEarlier(tx, POLL_JOB_KIND, { sourceId }, runAt);
  if (!next) {
    await ctx.jobs.enqueue(tx, POLL_JOB_KIND, { userId, sourceId } satisfies PollJobPayload, { runAt });
    next = runAt;
  }
  await tx
    .update(signalSources)
    .set({ nextFetchAt: next })
    .where(and(eq(signalSources.id, sourceId), eq(signalSources.userId, userId)));
  return next;
}

/** Drops the source's queued polls (paused or removed); a poll already running finds it so. */
export async function cancelPolls(ctx: AppContext, tx: DbOrTx, sourceId: string): Promise<void> {
  await ctx.jobs.cancelQueued(tx, POLL_JOB_KIND, { sourceId });
}

/** How many polls are queued for a source (tests and the one-future-job guarantee). */
export async function queuedPolls(tx: DbOrTx, sourceId: string): Promise<Array<{ id: string; runAt: Date }>> {
  return tx
    .select({ id: jobs.id, runAt: jobs.runAt })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, POLL_JOB_KIND),
        eq(jobs.status, 'queued'),
        sql`${jobs.payload}->>'sourceId' = ${sourceId}`,
      ),
    );
}
