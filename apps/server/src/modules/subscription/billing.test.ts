import { randomBytes } from 'node:crypto';
import type { BillingPlans, Subscription } from '@doppel/contracts';
import { billingEvents, eq } from '@doppel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoppelApp } from '../../app';
import type { StripeConfig } from '../../lib/config';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe/fake-stripe';
import {
  stripeEvent,
  stripeSignature,
  type StripeEventPayload,
} from '../../test-support/fake-stripe/signed-event';
import { createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';
import { assertTokenQuotaLeft, recordTokenUsage } from '../usage';
import { setOwnerQuota } from './index';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const PLANS: StripeConfig['plans'] = [
  {
    id: 'pro',
    name: 'Pro',
    tokenQuota: 5_000_000,
    monthlyPriceId: 'price_pro_monthly',
    yearlyPriceId: 'price_pro_yearly',
  },
  {
    id: 'team',
    name: 'Team',
    tokenQuota: 20_000_000,
    monthlyPriceId: 'price_team_monthly',
    yearlyPriceId: null,
  },
];

let fake: FakeStripe;
let doppel: DoppelApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.addPrice({ id: 'price_pro_monthly', unitAmount: 2900, currency: 'usd', interval: 'month' });
  // Twelve months at 20% off: 12 × 29.00 × 0.8.
  fake.addPrice({ id: 'price_pro_yearly', unitAmount: 27_840, currency: 'usd', interval: 'year' });
  fake.addPrice({ id: 'price_team_monthly', unitAmount: 9900, currency: 'usd', interval: 'month' });
  doppel = await createTestApp({
    config: {
      stripe: { secretKey: fake.secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.apiUrl, plans: PLANS },
    },
  });
});

afterAll(async () => {
  await doppel.app.close();
  await fake.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

function call(user: User, method: 'GET' | 'POST', url: string, payload?: object) {
  return doppel.app.inject({
    method,
    url,
    payload,
    remoteAddress: user.ip,
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
}

async function planOf(user: User): Promise<Subscription> {
  return (await call(user, 'GET', '/api/subscription')).json<Subscription>();
}

/** Delivers an event as Stripe does: the JSON bytes and their Stripe-Signature. */
function deliver(
  event: StripeEventPayload,
  options: { secret?: string; timestamp?: number; signature?: string | null; payload?: string } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? stripeSignature(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp)
      : options.signature;
  return doppel.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    payload: options.payload ?? payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

async function checkout(user: User, planId: string, period: 'monthly' | 'yearly') {
  const response = await call(user, 'POST', '/api/billing/checkout', { planId, period });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

/** The user chooses a plan and pays on Stripe's Checkout page; Stripe tells the server. */
async function subscribe(user: User, planId = 'pro', period: 'monthly' | 'yearly' = 'monthly') {
  const url = await checkout(user, planId, period);
  const session = fake.checkoutSessions().find((candidate) => candidate.url === url)!;
  const completed = fake.completeCheckout(session.id);
  expect((await deliver(stripeEvent('checkout.session.completed', completed))).statusCode).toBe(200);
  return completed.subscription as string;
}

function periodEndDay(subscriptionId: string): string {
  const item = (fake.subscription(subscriptionId).items as { data: Array<{ current_period_end: number }> })
    .data[0]!;
  return new Date(item.current_period_end * 1000).toISOString().slice(0, 10);
}

async function recorded(eventId: string) {
  return doppel.ctx.db.select().from(billingEvents).where(eq(billingEvents.stripeEventId, eventId));
}

describe('Stripe billing', () => {
  it("lists the plans with Stripe's prices, the 20% yearly option and the user's own plan", async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const response = await call(user, 'GET', '/api/billing/plans');
    expect(response.statusCode).toBe(200);
    expect(response.json<BillingPlans>().plans).toEqual([
      {
        id: 'pro',
        name: 'Pro',
        tokenQuota: 5_000_000,
        monthly: { priceCents: 2900, currency: 'USD' },
        yearly: { priceCents: 27_840, currency: 'USD' },
        annualDiscountPercent: 20,
        current: null,
      },
      {
        id: 'team',
        name: 'Team',
        tokenQuota: 20_000_000,
        monthly: { priceCents: 9900, currency: 'USD' },
        yearly: null,
        annualDiscountPercent: null,
        current: null,
      },
    ]);
    await subscribe(user, 'pro', 'yearly');
    const plans = (await call(user, 'GET', '/api/billing/plans')).json<BillingPlans>().plans;
    expect(plans.map((plan) => plan.current)).toEqual(['yearly', null]);
    expect((await planOf(user)).billingEnabled).toBe(true);
  });

  it('checkout → webhook → the paid plan, its quota in force, billing date and card', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    // Over the self-hosted quota (the instance default, 1,000,000) this month.
    await recordTokenUsage(doppel.ctx, user.userId, {
      model: 'gpt-4o-mini',
      provider: 'openai',
      purpose: 'draft',
      promptTokens: 1_000_000,
      completionTokens: 200_000,
    });
    await expect(assertTokenQuotaLeft(doppel.ctx, user.userId)).rejects.toMatchObject({
      code: 'token_quota_exceeded',
    });

    const url = await checkout(user, 'pro', 'monthly');
    const session = fake.checkoutSessions().find((candidate) => candidate.url === url)!;
    expect(url.startsWith(`${fake.apiUrl}/c/pay/`)).toBe(true);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.userId,
      success_url: 'http://doppel.test/actions?settings=subscription&billing=success',
      cancel_url: 'http://doppel.test/actions?settings=subscription&billing=cancelled',
      line_items: [{ price: 'price_pro_monthly', quantity: '1' }],
    });
    const customer = fake.customers().find((candidate) => candidate.id === session.customer)!;
    expect(customer).toMatchObject({ email: user.email, metadata: { doppel_user_id: user.userId } });
    // Nothing changes until Stripe says the customer paid.
    expect(await planOf(user)).toMatchObject({ kind: 'self_hosted', tokenQuota: 1_000_000 });

    // Choosing again (the first Checkout abandoned) keeps the one customer.
    const again = await checkout(user, 'pro', 'monthly');
    expect(fake.checkoutSessions().find((candidate) => candidate.url === again)?.customer).toBe(customer.id);

    const completed = fake.completeCheckout(session.id, { brand: 'visa', last4: '4242' });
    const delivered = await deliver(stripeEvent('checkout.session.completed', completed));
    expect(delivered.statusCode).toBe(200);
    expect(await planOf(user)).toMatchObject({
      kind: 'stripe',
      planName: 'Pro',
      priceCents: 2900,
      currency: 'USD',
      billingPeriod: 'monthly',
      annualDiscountPercent: 20,
      tokenQuota: 5_000_000,
      status: 'active',
      nextBillingDate: periodEndDay(completed.subscription as string),
      paymentMethod: 'Visa •••• 4242',
      cancelAtPeriodEnd: false,
    });
    await expect(assertTokenQuotaLeft(doppel.ctx, user.userId)).resolves.toBeUndefined();
    const usage = await call(user, 'GET', '/api/usage/tokens');
    expect(usage.json<{ total: number }>().total).toBe(5_000_000);
  });

  it('refuses a forged, tampered, stale or unsigned delivery and changes nothing', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const subscriptionId = await subscribe(user);
    fake.updateSubscription(subscriptionId, { status: 'canceled' });
    const event = stripeEvent('customer.subscription.deleted', fake.subscription(subscriptionId));
    const payload = JSON.stringify(event, null, 2);
    const refusals = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      // Signed, then altered: another customer's id put in.
      await deliver(event, {
        signature: stripeSignature(payload, WEBHOOK_SECRET),
        payload: payload.replace(/"customer": "cus_\w+"/, '"customer": "cus_other"'),
      }),
      // Genuine but ten minutes old: a replay of a captured delivery.
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliver(event, { signature: null }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'webhook_signature_invalid' } });
    }
    expect(await recorded(event.id)).toEqual([]);
    expect(await planOf(user)).toMatchObject({ kind: 'stripe', planName: 'Pro', tokenQuota: 5_000_000 });
  });

  it('applies a replayed event once: the second delivery answers 200 and changes nothing', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const subscriptionId = await subscribe(user);
    fake.updateSubscription(subscriptionId, { status: 'past_due' });
    const event = stripeEvent('customer.subscription.updated', fake.subscription(subscriptionId));
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await planOf(user)).status).toBe('past_due');

    // Stripe has the subscription active again, but this old event says nothing new.
    fake.updateSubscription(subscriptionId, { status: 'active' });
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect((await planOf(user)).status).toBe('past_due');
    expect(await recorded(event.id)).toHaveLength(1);
  });

  it('past due: a failed renewal marks the plan (the banner) and keeps its quota until paid', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const subscriptionId = await subscribe(user);
    fake.updateSubscription(subscriptionId, { status: 'past_due' });
    await deliver(stripeEvent('invoice.payment_failed', fake.invoiceOf(subscriptionId, 'open')));
    expect(await planOf(user)).toMatchObject({ kind: 'stripe', status: 'past_due', tokenQuota: 5_000_000 });

    fake.updateSubscription(subscriptionId, { status: 'active' });
    await deliver(stripeEvent('invoice.paid', fake.invoiceOf(subscriptionId, 'paid')));
    expect((await planOf(user)).status).toBe('active');
  });

  it("cancel: the plan ends at the period's end, then the user is back on the self-hosted quota", async () => {
    const user = await signedInUser(doppel, uniqueIp());
    await setOwnerQuota(doppel.ctx.db, user.userId, 2_000_000, new Date());
    const subscriptionId = await subscribe(user);
    expect((await planOf(user)).tokenQuota).toBe(5_000_000);

    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    await deliver(stripeEvent('customer.subscription.updated', fake.subscription(subscriptionId)));
    expect(await planOf(user)).toMatchObject({
      kind: 'stripe',
      cancelAtPeriodEnd: true,
      nextBillingDate: periodEndDay(subscriptionId),
    });

    fake.updateSubscription(subscriptionId, { status: 'canceled' });
    await deliver(stripeEvent('customer.subscription.deleted', fake.subscription(subscriptionId)));
    expect(await planOf(user)).toMatchObject({
      kind: 'self_hosted',
      planName: 'Self-hosted',
      priceCents: null,
      billingPeriod: null,
      tokenQuota: 2_000_000,
      status: 'active',
      nextBillingDate: null,
      paymentMethod: null,
      cancelAtPeriodEnd: false,
      // Past invoices stay reachable through Manage payments.
      hasPaymentAccount: true,
    });
    // Paying again later starts from the same Stripe customer.
    const url = await checkout(user, 'team', 'monthly');
    const session = fake.checkoutSessions().find((candidate) => candidate.url === url)!;
    const first = fake.checkoutSessions().find((candidate) => candidate.subscription === subscriptionId)!;
    expect(session.customer).toBe(first.customer);
  });

  it("never touches another user's plan, whatever the event names", async () => {
    const alice = await signedInUser(doppel, uniqueIp());
    const bob = await signedInUser(doppel, uniqueIp());
    const alicesSubscription = await subscribe(alice);
    await checkout(bob, 'team', 'monthly');
    const bobsCustomer = fake.customers().find((candidate) => candidate.email === bob.email)!.id;

    fake.updateSubscription(alicesSubscription, { status: 'canceled' });
    // Bob's customer with Alice's subscription; a customer of no account here.
    const crossed = stripeEvent('customer.subscription.deleted', {
      ...fake.subscription(alicesSubscription),
      customer: bobsCustomer,
    });
    const stranger = stripeEvent('invoice.payment_failed', {
      ...fake.invoiceOf(alicesSubscription, 'open'),
      customer: 'cus_not_ours',
    });
    for (const event of [crossed, stranger]) {
      expect((await deliver(event)).statusCode).toBe(200);
      // Recorded, so Stripe's retries stop, and ignored.
      expect(await recorded(event.id)).toHaveLength(1);
    }
    expect(await planOf(alice)).toMatchObject({ kind: 'stripe', planName: 'Pro', status: 'active' });
    expect(await planOf(bob)).toMatchObject({ kind: 'self_hosted' });
  });

  it("changes a paid plan on the Customer Portal's confirmation, never as a second subscription", async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const subscriptionId = await subscribe(user, 'pro', 'monthly');
    const sessionsBefore = fake.checkoutSessions().length;

    const same = await call(user, 'POST', '/api/billing/checkout', { planId: 'pro', period: 'monthly' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ error: { code: 'billing_plan_current' } });

    const url = await checkout(user, 'pro', 'yearly');
    const portal = fake.portalSessions().find((candidate) => candidate.url === url)!;
    const item = (fake.subscription(subscriptionId).items as { data: Array<{ id: string }> }).data[0]!;
    expect(portal.flow).toEqual({
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscriptionId,
        items: [{ id: item.id, price: 'price_pro_yearly', quantity: '1' }],
      },
      after_completion: {
        type: 'redirect',
        redirect: { return_url: 'http://doppel.test/actions?settings=subscription&billing=success' },
      },
    });
    expect(fake.checkoutSessions()).toHaveLength(sessionsBefore);

    // The user confirms on the portal; Stripe moves the subscription and says so.
    fake.updateSubscription(subscriptionId, { priceId: 'price_pro_yearly' });
    await deliver(stripeEvent('customer.subscription.updated', fake.subscription(subscriptionId)));
    expect(await planOf(user)).toMatchObject({
      planName: 'Pro',
      billingPeriod: 'yearly',
      priceCents: 27_840,
      nextBillingDate: periodEndDay(subscriptionId),
    });
  });

  it('opens the Customer Portal for a paying user, and says to choose a plan first otherwise', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const before = await call(user, 'POST', '/api/billing/portal');
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ error: { code: 'billing_no_customer' } });

    await subscribe(user);
    const response = await call(user, 'POST', '/api/billing/portal');
    expect(response.statusCode).toBe(200);
    const portal = fake.portalSessions().find((candidate) => candidate.url === response.json().url)!;
    expect(portal).toMatchObject({
      return_url: 'http://doppel.test/actions?settings=subscription',
      flow: null,
    });
  });

  it('refuses plans it does not offer, a demo sandbox and strangers, creating nothing', async () => {
    const user = await signedInUser(doppel, uniqueIp());
    const customersBefore = fake.customers().length;
    for (const [payload, status, code] of [
      [{ planId: 'gold', period: 'monthly' }, 400, 'billing_plan_unknown'],
      [{ planId: 'team', period: 'yearly' }, 400, 'billing_plan_unknown'],
      [{ planId: 'pro', period: 'weekly' }, 400, 'validation_failed'],
    ] as const) {
      const response = await call(user, 'POST', '/api/billing/checkout', payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: { code } });
    }
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    const demoUser = { ...user, accessToken: demo.json<{ accessToken: string }>().accessToken };
    expect((await planOf(demoUser)).billingEnabled).toBe(false);
    for (const [url, payload] of [
      ['/api/billing/checkout', { planId: 'pro', period: 'monthly' }],
      ['/api/billing/portal', undefined],
    ] as const) {
      const response = await call(demoUser, 'POST', url, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'demo_restricted' } });
    }
    const anonymous = await doppel.app.inject({ method: 'GET', url: '/api/billing/plans' });
    expect(anonymous.statusCode).toBe(401);
    expect(fake.customers()).toHaveLength(customersBefore);
  });

  it("answers billing_provider_failed when Stripe fails, and takes Stripe's retry of an event", async () => {
    const user = await signedInUser(doppel, uniqueIp());
    fake.failNext(400, { type: 'invalid_request_error', message: 'No such price' });
    const refused = await call(user, 'POST', '/api/billing/checkout', { planId: 'team', period: 'monthly' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: { code: 'billing_provider_failed' } });

    const url = await checkout(user, 'team', 'monthly');
    const session = fake.checkoutSessions().find((candidate) => candidate.url === url)!;
    const event = stripeEvent('checkout.session.completed', fake.completeCheckout(session.id));
    fake.failNext(500, { type: 'api_error', message: 'Stripe is down' });
    expect((await deliver(event)).statusCode).toBe(502);
    expect(await recorded(event.id)).toEqual([]);
    expect((await planOf(user)).kind).toBe('self_hosted');
    // Stripe delivers the event again later.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await planOf(user)).toMatchObject({ kind: 'stripe', planName: 'Team', tokenQuota: 20_000_000 });
  });
});

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  it('answers billing_unavailable on every billing route, the webhook included', async () => {
    const selfHosted = await createTestApp();
    try {
      const user = await signedInUser(selfHosted, uniqueIp());
      const auth = { authorization: `Bearer ${user.accessToken}` };
      const plan = await selfHosted.app.inject({ method: 'GET', url: '/api/subscription', headers: auth });
      expect(plan.json<Subscription>()).toMatchObject({ kind: 'self_hosted', billingEnabled: false });
      const event = JSON.stringify(stripeEvent('invoice.paid', { object: 'invoice', customer: 'cus_x' }));
      for (const request of [
        { method: 'GET', url: '/api/billing/plans', headers: auth },
        {
          method: 'POST',
          url: '/api/billing/checkout',
          headers: auth,
          payload: { planId: 'pro', period: 'monthly' },
        },
        { method: 'POST', url: '/api/billing/portal', headers: auth },
        {
          method: 'POST',
          url: '/webhooks/stripe',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignature(event, WEBHOOK_SECRET),
          },
          payload: event,
        },
      ] as const) {
        const response = await selfHosted.app.inject(request);
        expect(response.statusCode, request.url).toBe(409);
        expect(response.json()).toMatchObject({ error: { code: 'billing_unavailable' } });
      }
    } finally {
      await selfHosted.app.close();
    }
  });
});
