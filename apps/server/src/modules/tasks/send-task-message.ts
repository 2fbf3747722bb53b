import {
  isPostTask,
  sendTaskMessageInputSchema,
  type ContactSource,
  type SendTaskMessageInput,
  type SendTaskMessageResult,
  type TaskType,
} from '@doppel/contracts';
import { and, communicationHistory, eq, sql, tasks } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { announce } from './announce-task-change';
import { TASK_NOT_FOUND, getTask } from './task-queries';

/** Where a post is published; a message goes out on its contact's channel. */
function channelFor(type: TaskType, contactSource: ContactSource | null): ContactSource | null {
  if (type === 'linkedin_post') return 'linkedin';
  if (type === 'reddit_post' || type === 'reddit_comment') return 'reddit';
  return contactSource;
}

/**
 * The composer's Send (spec §2 item 7, §4 Composer). In one transaction the text becomes the
 * task's response (under the template kind it started from, and as `sent`), an outbound entry
 * in the contact's history, and the task is completed.
 *
 * Delivery: no messenger connection exists yet (the messengers issue adds them), so every
 * message is recorded as "to send manually" and the web app offers copy (and, for posts,
 * open LinkedIn or Reddit). When a connected messenger covers the channel, delivery will go
 * through it here and the status will be `sent`.
 */
export async function sendTaskMessage(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: SendTaskMessageInput,
): Promise<SendTaskMessageResult> {
  const { text, kind } = sendTaskMessageInputSchema.parse(input);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    const channel = channelFor(current.type, current.contact?.source ?? null);
    const deliveryStatus = 'to_send_manually' as const;
    if (current.contact && !isPostTask(current.type)) {
      await tx.insert(communicationHistory).values({
        userId,
        contactId: current.contact.id,
        direction: 'outbound',
        channel: channel ?? current.contact.source,
        text,
        occurredAt: now,
        deliveryStatus,
        createdAt: now,
      });
    }
    const responses = { [kind]: text, sent: text };
    const [updated] = await tx
      .update(tasks)
      .set({
        responses: sql`${tasks.responses} || ${JSON.stringify(responses)}::jsonb`,
        status: 'completed',
        completedAt: sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND);
    return { task: await getTask(tx, userId, taskId), delivery: { status: deliveryStatus, channel } };
  });
  await announce(ctx, userId, { type: 'task.updated', taskId });
  return result;
}
