import type { BillingPeriod, BillingPlan, BillingPlans, BillingPrice } from '@doppel/contracts';
import { eq, subscriptions } from '@doppel/db';
import type { BillingPriceInfo } from '../../integrations/billing/stripe-client';
import type { StripePlanConfig } from '../../lib/config';
import type { AppContext } from '../../lib/context';
import { billingOf, viaStripe, type Billing } from './billing-access';

/**
 * How much less a year costs paid yearly than twelve months paid monthly, in whole percent; null
 * when there is no saving to show (no yearly price, other currencies, a free monthly price).
 */
export function annualDiscountPercent(monthly: BillingPrice, yearly: BillingPrice | null): number | null {
  if (!yearly || yearly.currency !== monthly.currency || monthly.priceCents <= 0) return null;
  const percent = Math.round((1 - yearly.priceCents / (12 * monthly.priceCents)) * 100);
  return percent > 0 ? percent : null;
}

function priceOf(info: BillingPriceInfo): BillingPrice {
  return { priceCents: info.unitAmount, currency: info.currency };
}

/** A configured plan's prices, read from Stripe, so they cannot disagree with what Stripe charges. */
async function planPrices({ provider }: Billing, plan: StripePlanConfig) {
  const [monthly, yearly] = await Promise.all([
    provider.price(plan.monthlyPriceId),
    plan.yearlyPriceId ? provider.price(plan.yearlyPriceId) : null,
  ]);
  const monthlyPrice = priceOf(monthly);
  const yearlyPrice = yearly ? priceOf(yearly) : null;
  return {
    monthly: monthlyPrice,
    yearly: yearlyPrice,
    annualDiscountPercent: annualDiscountPercent(monthlyPrice, yearlyPrice),
  };
}

/** Which of the plan's prices `priceId` is; null for none (or no price). */
function periodOf(plan: StripePlanConfig, priceId: string | null): BillingPeriod | null {
  if (!priceId) return null;
  if (priceId === plan.monthlyPriceId) return 'monthly';
  return priceId === plan.yearlyPriceId ? 'yearly' : null;
}

/** Settings → Subscription → Change plan: every plan of STRIPE_PLANS, the user's own marked. */
export async function listPlans(ctx: AppContext, userId: string): Promise<BillingPlans> {
  const billing = billingOf(ctx);
  const [own] = await ctx.db
    .select({ kind: subscriptions.kind, priceId: subscriptions.stripePriceId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const ownPrice = own?.kind === 'stripe' ? own.priceId : null;
  const plans = await viaStripe(ctx, () =>
    Promise.all(
      billing.stripe.plans.map(async (plan): Promise<BillingPlan> => {
        const prices = await planPrices(billing, plan);
        const current = periodOf(plan, ownPrice);
        return { id: plan.id, name: plan.name, tokenQuota: plan.tokenQuota, ...prices, current };
      }),
    ),
  );
  return { plans };
}

/** What a paid subscription's price means here: the columns of the plan it is. */
export interface PaidPlan {
  planName: string;
  priceCents: number;
  currency: string;
  billingPeriod: 'monthly' | 'yearly';
  annualDiscountPercent: number | null;
  /** Null for a price STRIPE_PLANS does not name: the user keeps the self-hosted quota. */
  tokenQuota: number | null;
}

/** The plan a Stripe price stands for, with its amount as Stripe has it. */
export async function paidPlanOf(billing: Billing, priceId: string): Promise<PaidPlan> {
  const plan = billing.stripe.plans.find(
    (candidate) => candidate.monthlyPriceId === priceId || candidate.yearlyPriceId === priceId,
  );
  if (!plan) {
    // A price set up in Stripe's dashboard but not (or no longer) in STRIPE_PLANS.
    const price = await billing.provider.price(priceId);
    return {
      planName: price.nickname ?? price.id,
      priceCents: price.unitAmount,
      currency: price.currency,
      billingPeriod: price.interval === 'year' ? 'yearly' : 'monthly',
      annualDiscountPercent: null,
      tokenQuota: null,
    };
  }
  const prices = await planPrices(billing, plan);
  const yearly = priceId === plan.yearlyPriceId;
  const paid = yearly && prices.yearly ? prices.yearly : prices.monthly;
  return {
    planName: plan.name,
    priceCents: paid.priceCents,
    currency: paid.currency,
    billingPeriod: yearly ? 'yearly' : 'monthly',
    annualDiscountPercent: prices.annualDiscountPercent,
    tokenQuota: plan.tokenQuota,
  };
}
