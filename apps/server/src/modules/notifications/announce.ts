import type { AppContext } from '../../lib/context';
import { connectionFor, sendThroughMessenger } from '../messengers';
import { claimDeliveries, markDelivered, type Channel } from './deliveries';
import { instantEmail, pushMessage, telegramText } from './notification-texts';
import { pushToUser } from './push-sender';
import { telegramChatOf } from './telegram-link';
import { tasksToAnnounce, type UserTasks } from './urgent-tasks';

/*
 * The sweep (a schedule, background.ts): new urgent tasks go out on every channel the user has
 * on — email when they chose `instant`, push to their browsers, their Telegram chat. It runs on
 * whichever process's worker claims the slot, so announcements survive restarts and need no
 * request to be running; notification_deliveries keeps each task to one message per channel.
 */

const CHANNELS: Channel[] = ['email', 'push', 'telegram'];

export async function announceUrgentTasks(ctx: AppContext): Promise<void> {
  for (const channel of CHANNELS) {
    for (const batch of await tasksToAnnounce(ctx, channel)) {
      try {
        await announce(ctx, channel, batch);
      } catch (error) {
        // One user's failure (their bot revoked, a push service down) holds up no one else;
        // their claims stay unsent and are tried again after RETRY_AFTER_MS.
        ctx.log.warn({ err: error, userId: batch.userId, channel }, 'could not announce urgent tasks');
      }
    }
  }
}

async function announce(ctx: AppContext, channel: Channel, batch: UserTasks): Promise<void> {
  const now = ctx.clock.now();
  const ids = batch.tasks.map((task) => task.id);
  if (channel === 'email') {
    // Claimed and queued together: the outbox's job delivers it, with its own retries.
    await ctx.db.transaction(async (tx) => {
      const won = await claimDeliveries(tx, batch.userId, 'email', ids, now, { sent: true });
      if (won.length === 0) return;
      const { subject, text } = instantEmail(
        batch.reader,
        batch.tasks.filter((task) => won.includes(task.id)),
      );
      await ctx.mailer.send(
        { userId: batch.userId, kind: 'urgent_task', to: batch.email, subject, text },
        tx,
      );
    });
    return;
  }
  const won = await claimDeliveries(ctx.db, batch.userId, channel, ids, now);
  if (won.length === 0) return;
  const chosen = batch.tasks.filter((task) => won.includes(task.id));
  const delivered =
    channel === 'push'
      ? (await pushToUser(ctx, batch.userId, pushMessage(batch.reader, chosen))).sent > 0
      : await sendToTelegram(ctx, batch.userId, telegramText(batch.reader, chosen));
  if (delivered) await markDelivered(ctx.db, batch.userId, channel, won, ctx.clock.now());
}

/** Through the user's own bot to their linked chat; false when either is gone meanwhile. */
async function sendToTelegram(ctx: AppContext, userId: string, text: string): Promise<boolean> {
  const [connection, chatId] = await Promise.all([
    connectionFor(ctx, userId, 'telegram'),
    telegramChatOf(ctx, userId),
  ]);
  if (!connection || !chatId) return false;
  await sendThroughMessenger(ctx, connection, chatId, text);
  return true;
}
