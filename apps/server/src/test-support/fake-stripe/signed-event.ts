import { createHmac, randomBytes } from 'node:crypto';

/** A Stripe event as delivered to a webhook endpoint (the snapshot payload). */
export interface StripeEventPayload {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export function stripeEvent(type: string, object: Record<string, unknown>): StripeEventPayload {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/**
 * The Stripe-Signature header Stripe sends with a delivery: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint's signing secret>`
 * (https://docs.stripe.com/webhooks#verify-manually). Written out here rather than taken from
 * the SDK, so the server's check is tested against the scheme itself.
 */
export function stripeSignature(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
