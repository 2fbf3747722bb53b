import type { Subscription } from '@doppel/contracts';
import { eq, subscriptions, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

export async function getSubscription(ctx: AppContext, userId: string): Promise<Subscription> {
  const [row] = await ctx.db
    .select({ plan: subscriptions, isDemo: users.isDemo, isInstanceOwner: users.isInstanceOwner })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId));
  if (!row) throw new AppError('not_found');
  const { plan } = row;
  return {
    kind: plan.kind,
    planName: plan.planName,
    priceCents: plan.priceCents,
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    annualDiscountPercent: plan.annualDiscountPercent,
    tokenQuota: plan.tokenQuota,
    status: plan.status,
    nextBillingDate: plan.nextBillingDate,
    paymentMethod: plan.paymentMethod,
    cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
    isSample: row.isDemo,
    billingEnabled: ctx.config.stripe !== null && !row.isDemo,
    hasPaymentAccount: ctx.config.stripe !== null && plan.stripeCustomerId !== null,
    isInstanceOwner: row.isInstanceOwner,
  };
}
