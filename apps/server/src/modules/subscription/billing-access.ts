import {
  BillingProviderError,
  createStripeBilling,
  type BillingProvider,
} from '../../integrations/billing/stripe-client';
import { AppError } from '../../lib/app-error';
import type { StripeConfig } from '../../lib/config';
import type { AppContext } from '../../lib/context';

/** One client per configuration, so its price cache serves every request. */
const providers = new WeakMap<StripeConfig, BillingProvider>();

export interface Billing {
  stripe: StripeConfig;
  provider: BillingProvider;
}

/** This server's Stripe billing; billing_unavailable when it takes no payments (no STRIPE_SECRET_KEY). */
export function billingOf(ctx: AppContext): Billing {
  const stripe = ctx.config.stripe;
  if (!stripe) throw new AppError('billing_unavailable');
  let provider = providers.get(stripe);
  if (!provider) {
    provider = createStripeBilling(stripe, () => ctx.clock.now());
    providers.set(stripe, provider);
  }
  return { stripe, provider };
}

/**
 * Runs calls to Stripe: a refusal or an outage answers billing_provider_failed (502), with
 * Stripe's own message in the log only.
 */
export async function viaStripe<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BillingProviderError)) throw error;
    ctx.log.warn({ err: { message: error.message } }, 'Stripe call failed');
    throw new AppError('billing_provider_failed');
  }
}

/** Where Stripe's pages send the user back: the app with Settings → Subscription open. */
export function appReturnUrl(ctx: AppContext, outcome?: 'success' | 'cancelled'): string {
  const url = new URL('/actions', `${ctx.config.publicUrl}/`);
  url.searchParams.set('settings', 'subscription');
  if (outcome) url.searchParams.set('billing', outcome);
  return url.href;
}
