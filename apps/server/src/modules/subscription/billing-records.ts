import { and, billingEvents, eq, isNull, subscriptions, users, type DbOrTx } from '@doppel/db';
import type { BillingSubscription } from '../../integrations/billing/stripe-objects';
import type { PaidPlan } from './billing-plans';
import { selfHostedPlan, selfHostedQuotaOf } from './subscription-records';

/* Billing's writes to the tables this module owns: subscriptions' Stripe columns, billing_events. */

/** What checkout needs of an account: who it is and where its plan stands with Stripe. */
export async function billingAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      fullName: users.fullName,
      isDemo: users.isDemo,
      kind: subscriptions.kind,
      status: subscriptions.status,
      stripeCustomerId: subscriptions.stripeCustomerId,
      stripeSubscriptionId: subscriptions.stripeSubscriptionId,
      stripePriceId: subscriptions.stripePriceId,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId));
  return row;
}

/**
 * Stores the user's new Stripe customer, unless one was stored meanwhile (another tab's
 * checkout): the stored one is the user's customer either way, and is returned.
 */
export async function linkCustomer(
  db: DbOrTx,
  userId: string,
  customerId: string,
  now: Date,
): Promise<string> {
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customerId, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.stripeCustomerId)));
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.customerId ?? customerId;
}

/** The user a Stripe customer is, or undefined for a customer of no account here. */
export async function userOfCustomer(db: DbOrTx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId));
  return row?.userId;
}

export async function eventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingEvents.stripeEventId })
    .from(billingEvents)
    .where(eq(billingEvents.stripeEventId, eventId));
  return row !== undefined;
}

/** Records a delivered event; false when it was recorded before (a replay or a retry). */
export async function recordEvent(
  tx: DbOrTx,
  event: { id: string; type: string },
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({ stripeEventId: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingEvents.stripeEventId });
  return inserted.length > 0;
}

/** Stripe's subscription statuses as the plan's: paid for, payment failing, or over. */
function planStatus(status: string): 'active' | 'past_due' | 'ended' | null {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired' || status === 'paused') return 'ended';
  // incomplete: the first payment is still being made; the plan starts when it is.
  return null;
}

function isoDay(unixSeconds: number | null): string | null {
  return unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

export type ApplyOutcome = 'applied' | 'unknown_customer' | 'ignored';

/**
 * Makes the user's plan what Stripe says of their subscription. A live subscription is the paid
 * plan with its quota (past-due keeps it while Stripe retries the payment); an ended one puts
 * the user back on the self-hosted plan and quota — unless it is an older subscription than the
 * one the plan is on now.
 */
export async function applySubscription(
  tx: DbOrTx,
  subscription: BillingSubscription,
  plan: PaidPlan | null,
  now: Date,
): Promise<ApplyOutcome> {
  const [row] = await tx
    .select({
      userId: subscriptions.userId,
      kind: subscriptions.kind,
      subscriptionId: subscriptions.stripeSubscriptionId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, subscription.customerId))
    .for('update');
  if (!row || row.kind === 'sample') return 'unknown_customer';
  const status = planStatus(subscription.status);
  if (status === null) return 'ignored';
  const mine = eq(subscriptions.userId, row.userId);
  if (status === 'ended') {
    if (row.subscriptionId !== subscription.id) return 'ignored';
    await tx
      .update(subscriptions)
      .set({ ...selfHostedPlan(await selfHostedQuotaOf(tx, row.userId)), updatedAt: now })
      .where(mine);
    return 'applied';
  }
  if (!plan) return 'ignored';
  const ending = subscription.cancelAtPeriodEnd || subscription.cancelAt !== null;
  await tx
    .update(subscriptions)
    .set({
      kind: 'stripe',
      planName: plan.planName,
      priceCents: plan.priceCents,
      currency: plan.currency,
      billingPeriod: plan.billingPeriod,
      annualDiscountPercent: plan.annualDiscountPercent,
      tokenQuota: plan.tokenQuota ?? (await selfHostedQuotaOf(tx, row.userId)),
      status,
      nextBillingDate: isoDay(subscription.cancelAt ?? subscription.currentPeriodEnd),
      // An event without the method expanded (or none yet) keeps the one known.
      ...(subscription.paymentMethod ? { paymentMethod: subscription.paymentMethod } : {}),
      stripeSubscriptionId: subscription.id,
      stripePriceId: subscription.priceId,
      cancelAtPeriodEnd: ending,
      updatedAt: now,
    })
    .where(mine);
  return 'applied';
}
