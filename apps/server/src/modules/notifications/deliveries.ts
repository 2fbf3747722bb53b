import { and, eq, inArray, notificationDeliveries, sql, type DbOrTx } from '@doppel/db';

/*
 * notification_deliveries: which urgent task was announced on which channel, so none is
 * announced twice. A row is claimed before its message goes out and stamped sent_at after; a
 * claim left unsent (the send failed, or its process died) may be claimed again once
 * RETRY_AFTER_MS has passed since (created_at holds when it was last claimed). Email is claimed
 * and queued in one transaction (the outbox is durable), so its rows are written sent.
 */

export type Channel = (typeof notificationDeliveries.$inferSelect)['channel'];

/** How long an unsent claim waits before another sweep tries its task again. */
export const RETRY_AFTER_MS = 5 * 60 * 1000;

/**
 * Claims the user's tasks on a channel; answers the ids this call won (new ones, and unsent ones
 * whose last claim is older than RETRY_AFTER_MS). `sent` stamps them sent at once.
 */
export async function claimDeliveries(
  tx: DbOrTx,
  userId: string,
  channel: Channel,
  taskIds: string[],
  now: Date,
  options: { sent?: boolean } = {},
): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const sentAt = options.sent ? now : null;
  const retryBefore = new Date(now.getTime() - RETRY_AFTER_MS);
  const claimed = await tx
    .insert(notificationDeliveries)
    .values(taskIds.map((taskId) => ({ taskId, userId, channel, sentAt, createdAt: now })))
    .onConflictDoUpdate({
      target: [notificationDeliveries.taskId, notificationDeliveries.channel],
      set: { createdAt: now, sentAt },
      // Only an unsent claim old enough is taken over; a task is never another user's.
      setWhere: sql`${notificationDeliveries.sentAt} is null and ${notificationDeliveries.createdAt} <= ${retryBefore} and ${notificationDeliveries.userId} = ${userId}`,
    })
    .returning({ taskId: notificationDeliveries.taskId });
  return claimed.map((row) => row.taskId);
}

export async function markDelivered(
  tx: DbOrTx,
  userId: string,
  channel: Channel,
  taskIds: string[],
  now: Date,
): Promise<void> {
  if (taskIds.length === 0) return;
  await tx
    .update(notificationDeliveries)
    .set({ sentAt: now })
    .where(
      and(
        eq(notificationDeliveries.userId, userId),
        eq(notificationDeliveries.channel, channel),
        inArray(notificationDeliveries.taskId, taskIds),
      ),
    );
}

/** SQL: the task has no delivery on the channel that is sent or still being tried. */
export function notYetAnnounced(taskId: unknown, channel: Channel, now: Date) {
  const retryBefore = new Date(now.getTime() - RETRY_AFTER_MS);
  return sql`not exists (
    select 1 from ${notificationDeliveries} d
    where d.task_id = ${taskId} and d.channel = ${channel}
      and (d.sent_at is not null or d.created_at > ${retryBefore})
  )`;
}
