import type { NotificationStatus, PushTestResult } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { getUserSettings } from '../settings';
import { testPushMessage } from './notification-texts';
import { pushToUser } from './push-sender';
import { countPushSubscriptions } from './push-subscriptions';
import { telegramState } from './telegram-link';

export async function notificationStatus(ctx: AppContext, userId: string): Promise<NotificationStatus> {
  const [pushSubscriptions, telegram] = await Promise.all([
    countPushSubscriptions(ctx, userId),
    telegramState(ctx, userId),
  ]);
  return { pushSubscriptions, telegram };
}

/** "Send a test": a notification to every browser of the user, at once. */
export async function sendTestPush(ctx: AppContext, userId: string): Promise<PushTestResult> {
  const { language } = await getUserSettings(ctx, userId);
  return pushToUser(ctx, userId, testPushMessage(language));
}
