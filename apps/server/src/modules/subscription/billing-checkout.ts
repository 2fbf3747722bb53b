import type { BillingRedirect, CheckoutInput } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { appReturnUrl, billingOf, viaStripe } from './billing-access';
import { billingAccount, linkCustomer } from './billing-records';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** The account billing acts for; a demo sandbox has nothing to pay for. */
async function payingAccount(ctx: AppContext, userId: string) {
  const account = await billingAccount(ctx.db, userId);
  if (!account) throw new AppError('not_found');
  if (account.isDemo) throw new AppError('demo_restricted');
  return account;
}

/**
 * Change plan: Stripe Checkout for a user without a paid plan. One already paying changes the
 * subscription they have, on the Customer Portal's confirmation page (proration shown there),
 * rather than starting a second subscription beside it. The plan changes when Stripe's webhook
 * says so, not here.
 */
export async function startCheckout(
  ctx: AppContext,
  userId: string,
  input: CheckoutInput,
): Promise<BillingRedirect> {
  const billing = billingOf(ctx);
  const account = await payingAccount(ctx, userId);
  const plan = billing.stripe.plans.find((candidate) => candidate.id === input.planId);
  const priceId = input.period === 'yearly' ? plan?.yearlyPriceId : plan?.monthlyPriceId;
  if (!priceId) throw new AppError('billing_plan_unknown');
  const { provider } = billing;
  const successUrl = appReturnUrl(ctx, 'success');

  if (account.kind === 'stripe' && account.stripeSubscriptionId && account.stripeCustomerId) {
    if (account.stripePriceId === priceId) throw new AppError('billing_plan_current');
    const { stripeSubscriptionId, stripeCustomerId } = account;
    const current = await viaStripe(ctx, () => provider.subscription(stripeSubscriptionId));
    const itemId = current?.itemId;
    if (current && itemId && current.customerId === stripeCustomerId && LIVE_STATUSES.has(current.status)) {
      const url = await viaStripe(ctx, () =>
        provider.planChangeUrl({
          customerId: stripeCustomerId,
          subscriptionId: current.id,
          itemId,
          priceId,
          returnUrl: successUrl,
        }),
      );
      return { url };
    }
    // The subscription ended and its webhook has not come yet: a new one starts below.
  }

  const customerId =
    account.stripeCustomerId ??
    (await linkCustomer(
      ctx.db,
      userId,
      await viaStripe(ctx, () =>
        provider.createCustomer({ userId, email: account.email, name: account.fullName ?? account.email }),
      ),
      ctx.clock.now(),
    ));
  const url = await viaStripe(ctx, () =>
    provider.checkoutUrl({
      customerId,
      userId,
      priceId,
      successUrl,
      cancelUrl: appReturnUrl(ctx, 'cancelled'),
    }),
  );
  return { url };
}

/** Manage payments: Stripe's Customer Portal (payment methods, invoices, cancelling). */
export async function openPortal(ctx: AppContext, userId: string): Promise<BillingRedirect> {
  const { provider } = billingOf(ctx);
  const account = await payingAccount(ctx, userId);
  const customerId = account.stripeCustomerId;
  if (!customerId) throw new AppError('billing_no_customer');
  const url = await viaStripe(ctx, () => provider.portalUrl({ customerId, returnUrl: appReturnUrl(ctx) }));
  return { url };
}
