import { type SignalItemKind, type TaskContext, type TaskPriority, type TaskType } from '@doppel/contracts';
import { and, eq, signalItems, signalSources, sql, type DbOrTx } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { insertTask, refineTaskAnalysisLater } from '../tasks';
import { draftSignalTask } from './signal-drafts';
import { cutText, shortenText } from '../../lib/text';

/*
 * How every signal becomes (at most) one task. The item's row is inserted first with ON
 * CONFLICT DO NOTHING on (user, dedupe key); only the transaction that inserted it goes on to
 * write the task, in the same transaction. Two workers polling the same feed, a poll racing a
 * "poll now", or an import sent twice therefore make one task per item. The analysis is the
 * offline engine's, as for every task (tasks' insertTask); after commit a configured model refines the analysis, and the drafts are written.
 */

export interface SignalItemInput {
  sourceId: string | null;
  kind: SignalItemKind;
  dedupeKey: string;
  title: string;
  url: string | null;
  publishedAt: Date | null;
}

export interface SignalTaskInput {
  type: TaskType;
  title: string;
  description: string;
  contactId: string | null;
  context: TaskContext;
  priority?: TaskPriority;
}

/** An item's row, or null when the user's signals saw the same key before. */
export async function claimItem(
  tx: DbOrTx,
  userId: string,
  item: SignalItemInput,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .insert(signalItems)
    .values({
      userId,
      sourceId: item.sourceId,
      kind: item.kind,
      dedupeKey: cutText(item.dedupeKey, 1000),
      title: shortenText(item.title.trim() || '(untitled)', 1000),
      url: item.url ? cutText(item.url, 2000) : null,
      publishedAt: item.publishedAt,
      seenAt: now,
    })
    .onConflictDoNothing({ target: [signalItems.userId, signalItems.dedupeKey] })
    .returning({ id: signalItems.id });
  return row?.id ?? null;
}

/** Writes the task of a claimed item, analysed by the offline engine, and links the item to it. */
export async function insertSignalTask(
  tx: DbOrTx,
  userId: string,
  itemId: string,
  input: SignalTaskInput,
  now: Date,
): Promise<string> {
  // The same limits as a task created through the API (title length, context field caps).
  const task = await insertTask(
    tx,
    { userId },
    {
      title: shortenText(input.title, 300),
      type: input.type,
      priority: input.priority,
      description: shortenText(input.description, 5000),
      contactId: input.contactId,
      context: input.context,
    },
    now,
    { dropUnknownContact: true },
  );
  await tx
    .update(signalItems)
    .set({ taskId: task.id })
    .where(and(eq(signalItems.id, itemId), eq(signalItems.userId, userId)));
  return task.id;
}

/**
 * After the task committed: tell the open tabs, let a configured model refine the analysis in
 * the background, and write the drafts. A draft that fails leaves the task usable (the
 * composer can generate one), so it is logged, not thrown.
 */
export async function finishSignalTask(
  ctx: AppContext,
  userId: string,
  taskId: string,
  options: { priorityFromAnalysis: boolean },
): Promise<void> {
  refineTaskAnalysisLater(ctx, userId, taskId, options);
  try {
    await draftSignalTask(ctx, userId, taskId);
  } catch (error) {
    ctx.log.warn({ err: error, taskId }, 'could not draft a signal task');
  }
}

/** Adds a poll's new items and tasks to its source's counters. */
export function counterIncrements(itemsSeen: number, tasksCreated: number) {
  return {
    itemsSeen: sql`${signalSources.itemsSeen} + ${itemsSeen}`,
    tasksCreated: sql`${signalSources.tasksCreated} + ${tasksCreated}`,
  };
}
