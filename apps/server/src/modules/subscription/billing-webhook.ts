import { WebhookSignatureError, type BillingEvent } from '../../integrations/billing/stripe-client';
import {
  idOf,
  invoiceSubscriptionId,
  readSubscription,
  type BillingSubscription,
} from '../../integrations/billing/stripe-objects';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { billingOf, viaStripe, type Billing } from './billing-access';
import { paidPlanOf, type PaidPlan } from './billing-plans';
import { applySubscription, eventSeen, recordEvent, userOfCustomer } from './billing-records';

/** The events that may change a plan; every other type is recorded and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);

/** The subscription an event is about, if it is one that may change a plan. */
function subscriptionIdOf(event: BillingEvent): string | null {
  const object = event.object;
  if (event.type === 'checkout.session.completed')
    return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (SUBSCRIPTION_EVENTS.has(event.type)) return idOf(object.id);
  if (INVOICE_EVENTS.has(event.type)) return invoiceSubscriptionId(object);
  return null;
}

interface PlanChange {
  subscription: BillingSubscription;
  plan: PaidPlan | null;
}

/**
 * What the event changes, read from Stripe now rather than from the event: deliveries come out
 * of order and are retried, and the subscription as it stands is right whichever came last. An
 * invoice's failure makes Stripe mark the subscription past_due, its payment active again.
 */
async function readChange(
  ctx: AppContext,
  billing: Billing,
  event: BillingEvent,
): Promise<PlanChange | null> {
  const subscriptionId = subscriptionIdOf(event);
  const customerId = idOf(event.object.customer);
  if (!subscriptionId || !customerId) return null;
  if (!(await userOfCustomer(ctx.db, customerId))) return null;
  const subscription =
    (await billing.provider.subscription(subscriptionId)) ??
    (SUBSCRIPTION_EVENTS.has(event.type) ? readSubscription(event.object) : null);
  // The customer is the authority: a subscription of anyone else's changes nothing here.
  if (!subscription || subscription.customerId !== customerId) return null;
  const plan = subscription.priceId ? await paidPlanOf(billing, subscription.priceId) : null;
  return { subscription, plan };
}

/**
 * A Stripe webhook delivery (POST /webhooks/stripe). Refused (400, nothing changed) unless
 * Stripe-Signature verifies the exact bytes with the endpoint's secret. Each event applies once:
 * a replay or a retry of one already recorded answers 200 and changes nothing.
 */
export async function receiveStripeEvent(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const billing = billingOf(ctx);
  let event: BillingEvent;
  try {
    event = billing.provider.verifyEvent(rawBody, signature, ctx.clock.now());
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    ctx.log.warn({ reason: error.message }, 'Stripe webhook refused');
    throw new AppError('webhook_signature_invalid');
  }
  if (await eventSeen(ctx.db, event.id)) return;
  // Outside the transaction: no row stays locked while Stripe answers. A failure answers 502
  // and records nothing, so Stripe delivers the event again later.
  const change = await viaStripe(ctx, () => readChange(ctx, billing, event));
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event, now))) return 'replayed';
    return change ? applySubscription(tx, change.subscription, change.plan, now) : 'ignored';
  });
  ctx.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event received');
}
