import webpush from 'web-push';
import type { AppContext } from '../../lib/context';
import { publicOnlyFetch } from '../../lib/public-only-fetch';
import {
  markPushSent,
  pushSubscriptionsOf,
  removeGoneSubscription,
  type PushSubscriptionRow,
} from './push-subscriptions';
import { vapidDetails } from './vapid';

/** What the service worker (apps/web/public/sw.js) shows: the texts are in the user's language. */
export interface PushMessage {
  title: string;
  body: string;
  /** The app page a click opens (a path: /actions?task=…). */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

/** How long a push service keeps a notification for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 15_000;

export interface PushOutcome {
  sent: number;
  failed: number;
}

/**
 * Sends one notification to every browser of the user: encrypted for each (aes128gcm, RFC 8291)
 * and signed with the server's VAPID key by web-push, then posted with the server's own fetch
 * so the address rules of lib/public-only-fetch.ts hold at the connection. A browser whose
 * subscription is gone (404, 410) is forgotten.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  message: PushMessage,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0 };
  for (const subscription of await pushSubscriptionsOf(ctx, userId)) {
    if (await pushToBrowser(ctx, subscription, message)) outcome.sent++;
    else outcome.failed++;
  }
  return outcome;
}

async function pushToBrowser(
  ctx: AppContext,
  subscription: PushSubscriptionRow,
  message: PushMessage,
): Promise<boolean> {
  const vapid = vapidDetails(ctx);
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const send = ctx.config.fetchAllowPrivateAddresses ? fetch : publicOnlyFetch;
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
  let status: number;
  try {
    const response = await send(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    ctx.log.warn({ err: error, subscriptionId: subscription.id }, 'could not reach a push service');
    ctx.metrics.recordOutboundSend('push', 'failed');
    return false;
  }
  if (status >= 200 && status < 300) {
    await markPushSent(ctx, subscription);
    ctx.metrics.recordOutboundSend('push', 'sent');
    return true;
  }
  ctx.metrics.recordOutboundSend('push', 'failed');
  if (status === 404 || status === 410) {
    await removeGoneSubscription(ctx, subscription);
    ctx.log.info({ subscriptionId: subscription.id, status }, 'a push subscription is gone; it was removed');
  } else {
    ctx.log.warn({ subscriptionId: subscription.id, status }, 'a push service refused a notification');
  }
  return false;
}
