import { ECDH } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  pushEndpointInputSchema,
  pushSubscriptionInputSchema,
  type PushEndpointInput,
  type PushSubscriptionInput,
} from '@doppel/contracts';
import { and, count, eq, pushSubscriptions } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { isPublicAddress } from '../../lib/public-only-fetch';
import { cutText } from '../../lib/text';

/** This machine: the one place a plain-http push service may be (a local install, the tests). */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The browser's keys as RFC 8291 needs them: a point on P-256 and a 16-byte secret. */
function keysUsable(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * A push service is an https address on the public internet. Local installs and tests that
 * allow private addresses (FETCH_ALLOW_PRIVATE_ADDRESSES) may also use a plain http one on this
 * machine. The check at send time (push-sender.ts) is the guard; this one answers the browser
 * at once instead of failing every notification later.
 */
async function checkEndpoint(ctx: AppContext, endpoint: string): Promise<void> {
  const refused = () => new AppError('push_endpoint_refused');
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const privateAllowed = ctx.config.fetchAllowPrivateAddresses;
  if (url.username || url.password) throw refused();
  if (url.protocol === 'http:') {
    if (!privateAllowed || !isLoopback(host)) throw refused();
    return;
  }
  if (url.protocol !== 'https:') throw refused();
  if (privateAllowed) return;
  if (host === 'localhost' || host.endsWith('.localhost')) throw refused();
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw refused();
    return;
  }
  // A name that resolves inside is refused now; one that does not resolve at the moment is left
  // to the send, which checks every connection it makes.
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.some((entry) => !isPublicAddress(entry.address))) throw refused();
}

/**
 * Stores the browser's subscription for the user. The endpoint is the browser's: subscribing it
 * again (new keys, or another account signed in on that browser) takes it over.
 */
export async function subscribePush(
  ctx: AppContext,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  const { endpoint, keys } = pushSubscriptionInputSchema.parse(input);
  // Keys nothing could be encrypted for would fail every notification later.
  if (!keysUsable(keys))
    throw new AppError('validation_failed', undefined, { fields: { keys: 'pushKeysInvalid' } });
  await checkEndpoint(ctx, endpoint);
  const values = {
    userId,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: userAgent ? cutText(userAgent, 300) : null,
  };
  await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint, ...values, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Forgets the user's subscription of one browser (turning push off there). */
export async function unsubscribePush(
  ctx: AppContext,
  userId: string,
  input: PushEndpointInput,
): Promise<void> {
  const { endpoint } = pushEndpointInputSchema.parse(input);
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function countPushSubscriptions(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.total ?? 0;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function pushSubscriptionsOf(ctx: AppContext, userId: string): Promise<PushSubscriptionRow[]> {
  return ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The push service says the subscription is gone (404 or 410): nothing more goes to it. */
export async function removeGoneSubscription(ctx: AppContext, row: PushSubscriptionRow): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.userId, row.userId)));
}

export async function markPushSent(ctx: AppContext, row: PushSubscriptionRow): Promise<void> {
  await ctx.db
    .update(pushSubscriptions)
    .set({ lastSentAt: ctx.clock.now() })
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.userId, row.userId)));
}
