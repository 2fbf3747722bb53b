import Stripe from 'stripe';
import type { StripeConfig } from '../../lib/config';
import { readSubscription, type BillingSubscription } from './stripe-objects';

/*
 * This server's Stripe account through the official SDK (issue 23, docs/decisions/044). The SDK
 * talks to STRIPE_API_URL (api.stripe.com, or a fake on 127.0.0.1 in tests) and signs nothing of
 * ours; webhook deliveries are verified with the endpoint's signing secret. Billing code sees
 * only BillingProvider, so nothing else depends on the SDK's shapes.
 */

export interface BillingPriceInfo {
  id: string;
  /** In the currency's minor unit (cents). */
  unitAmount: number;
  /** Upper-case ISO code (USD). */
  currency: string;
  interval: 'month' | 'year' | null;
  nickname: string | null;
}

/** A verified webhook event: its id, type and the object it is about, as delivered. */
export interface BillingEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export interface BillingProvider {
  /** Throws WebhookSignatureError unless the body was signed by Stripe with the secret, lately. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): BillingEvent;
  price(priceId: string): Promise<BillingPriceInfo>;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  checkoutUrl(input: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  portalUrl(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** The Customer Portal's page confirming a move of the subscription to another price. */
  planChangeUrl(input: {
    customerId: string;
    subscriptionId: string;
    itemId: string;
    priceId: string;
    returnUrl: string;
  }): Promise<string>;
  /** The subscription as Stripe has it now; null when Stripe knows no such subscription. */
  subscription(subscriptionId: string): Promise<BillingSubscription | null>;
}

/** Stripe refused a call or could not be reached; the message is Stripe's, safe to log. */
export class BillingProviderError extends Error {
  override name = 'BillingProviderError';
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Prices change seldom; a few minutes spare a call to Stripe on each look at the plans. */
const PRICE_CACHE_MS = 5 * 60_000;

/** Stripe's answers for a subscription, with what its payment method is called. */
const SUBSCRIPTION_EXPAND = ['default_payment_method', 'customer.invoice_settings.default_payment_method'];

/** The SDK's errors as BillingProviderError; anything else (a bug of ours) as it is. */
function providerError(error: unknown): unknown {
  return error instanceof Stripe.errors.StripeError
    ? new BillingProviderError(`Stripe: ${error.type}: ${error.message}`, { cause: error })
    : error;
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}

function intervalOf(interval: string | undefined): BillingPriceInfo['interval'] {
  return interval === 'month' || interval === 'year' ? interval : null;
}

function sdkFor(config: StripeConfig): Stripe {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Doppel' },
  });
}

export function createStripeBilling(config: StripeConfig, now: () => Date): BillingProvider {
  const stripe = sdkFor(config);
  const prices = new Map<string, { info: BillingPriceInfo; until: number }>();

  return {
    verifyEvent(rawBody, signature, receivedAt) {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          undefined,
          undefined,
          receivedAt.getTime(),
        );
        return {
          id: event.id,
          type: event.type,
          object: event.data.object as unknown as Record<string, unknown>,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        // A verified body that is not an event (JSON.parse failed): refused the same way.
        throw new WebhookSignatureError('The payload is not a Stripe event');
      }
    },

    async price(priceId) {
      const cached = prices.get(priceId);
      if (cached && cached.until > now().getTime()) return cached.info;
      const price = await calling(() => stripe.prices.retrieve(priceId));
      const info: BillingPriceInfo = {
        id: price.id,
        unitAmount: price.unit_amount ?? 0,
        currency: price.currency.toUpperCase(),
        interval: intervalOf(price.recurring?.interval),
        nickname: price.nickname,
      };
      prices.set(priceId, { info, until: now().getTime() + PRICE_CACHE_MS });
      return info;
    },

    async createCustomer({ userId, email, name }) {
      const customer = await calling(() =>
        stripe.customers.create(
          { email, name, metadata: { doppel_user_id: userId } },
          // Two tabs choosing a plan at once still make one customer.
          { idempotencyKey: `doppel-customer-${userId}` },
        ),
      );
      return customer.id;
    },

    async checkoutUrl({ customerId, userId, priceId, successUrl, cancelUrl }) {
      const session = await calling(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price: priceId, quantity: 1 }],
          subscription_data: { metadata: { doppel_user_id: userId } },
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (!session.url) throw new BillingProviderError('Stripe: the Checkout Session has no URL');
      return session.url;
    },

    async portalUrl({ customerId, returnUrl }) {
      const session = await calling(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    async planChangeUrl({ customerId, subscriptionId, itemId, priceId, returnUrl }) {
      const session = await calling(() =>
        stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: subscriptionId,
              items: [{ id: itemId, price: priceId, quantity: 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
          },
        }),
      );
      return session.url;
    },

    async subscription(subscriptionId) {
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
          expand: SUBSCRIPTION_EXPAND,
        });
        return readSubscription(subscription);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw providerError(error);
      }
    },
  };
}
