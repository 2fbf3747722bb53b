import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth, type AuthenticatedUser } from '../../plugins/authenticate';
import { notificationStatus, sendTestPush } from './notification-status';
import { subscribePush, unsubscribePush } from './push-subscriptions';
import { createTelegramLink, unlinkTelegram } from './telegram-link';
import { vapidDetails } from './vapid';

const tags = ['notifications'];

/** A demo sandbox gets no notifications: nothing there would be worth a message. */
function realAccount(auth: AuthenticatedUser): AuthenticatedUser {
  if (auth.isDemo) throw new AppError('demo_restricted');
  return auth;
}

/** Settings → Notifications: browser push and the Telegram chat. */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('notifications.status', async (request) => notificationStatus(ctx, requireAuth(request).userId));
  on('notifications.pushKey', async () => ({ publicKey: vapidDetails(ctx).publicKey }));
  on('notifications.subscribePush', async (request) => {
    const { userId } = realAccount(requireAuth(request));
    await subscribePush(ctx, userId, request.body, request.headers['user-agent']);
    return { ok: true as const };
  });
  on('notifications.unsubscribePush', async (request) => {
    await unsubscribePush(ctx, requireAuth(request).userId, request.body);
    return { ok: true as const };
  });
  on('notifications.testPush', async (request) =>
    sendTestPush(ctx, realAccount(requireAuth(request)).userId),
  );
  on('notifications.linkTelegram', async (request) =>
    createTelegramLink(ctx, realAccount(requireAuth(request)).userId),
  );
  on('notifications.unlinkTelegram', async (request) => {
    await unlinkTelegram(ctx, requireAuth(request).userId);
    return { ok: true as const };
  });
}
