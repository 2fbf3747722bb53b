import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { list, object, readParams, text, type Params } from './form-params';

/**
 * A fake Stripe API on 127.0.0.1, enough of it for the official SDK: form-encoded parameters in
 * bracket notation, `expand[]`, Bearer secret keys, Idempotency-Key replays, JSON objects with
 * their `object` field, and errors as `{ error: { type, code, message } }`. It serves customers,
 * prices, Checkout Sessions, Customer Portal sessions and subscriptions (the 2025+ shape, whose
 * period lives on its items). The test plays Stripe's side with the helpers: a customer paying
 * on the Checkout page, a renewal failing, a cancellation.
 */

type StripeObject = Record<string, unknown> & { id: string };

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Params;
}

export interface FakePrice {
  id: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  nickname?: string;
}

export interface FakeStripe {
  /** STRIPE_API_URL for the server. */
  apiUrl: string;
  /** The only secret key it accepts. */
  secretKey: string;
  requests: FakeStripeRequest[];
  addPrice(price: FakePrice): void;
  customers(): StripeObject[];
  checkoutSessions(): StripeObject[];
  portalSessions(): StripeObject[];
  subscription(id: string): StripeObject;
  /**
   * The customer pays on the Checkout page: a card is saved as the subscription's payment
   * method and an active subscription starts. The completed session, as its event carries it.
   */
  completeCheckout(sessionId: string, card?: { brand: string; last4: string }): StripeObject;
  /** Changes a subscription as Stripe would (a failed renewal, a plan change, a cancellation). */
  updateSubscription(
    id: string,
    change: { status?: string; cancelAtPeriodEnd?: boolean; priceId?: string },
  ): StripeObject;
  /** An invoice of the subscription, in the 2025+ shape (parent.subscription_details). */
  invoiceOf(subscriptionId: string, status: 'paid' | 'open'): StripeObject;
  /** The next API call answers with this error (and Stripe-Should-Retry: false). */
  failNext(status: number, error: { type: string; message: string }): void;
  close(): Promise<void>;
}

const DAY_SECONDS = 86_400;

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const requests: FakeStripeRequest[] = [];
  const prices = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const portal: StripeObject[] = [];
  const subscriptions = new Map<string, StripeObject>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures: Array<{ status: number; error: { type: string; message: string } }> = [];
  let baseUrl = '';

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
      },
    },
  });

  function periodEnd(priceId: string, from: number): number {
    const interval = prices.get(priceId)?.recurring as { interval?: string } | undefined;
    return from + (interval?.interval === 'year' ? 365 : 30) * DAY_SECONDS;
  }

  /** A subscription as retrieved, with the fields `expand` names replaced by their objects. */
  function expanded(subscription: StripeObject, expand: string[]): StripeObject {
    const copy = structuredClone(subscription);
    if (expand.includes('default_payment_method') && typeof copy.default_payment_method === 'string')
      copy.default_payment_method = paymentMethods.get(copy.default_payment_method) ?? null;
    if (expand.some((path) => path === 'customer' || path.startsWith('customer.'))) {
      const customer = structuredClone(customers.get(copy.customer as string)!);
      const settings = customer.invoice_settings as { default_payment_method: unknown };
      if (
        expand.includes('customer.invoice_settings.default_payment_method') &&
        typeof settings.default_payment_method === 'string'
      )
        settings.default_payment_method = paymentMethods.get(settings.default_payment_method) ?? null;
      copy.customer = customer;
    }
    return copy;
  }

  function route(method: string, path: string, params: Params): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StripeObject = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        email: text(params, 'email') ?? null,
        name: text(params, 'name') ?? null,
        metadata: object(params, 'metadata'),
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && (match = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = prices.get(match[1]!);
      return price ? { status: 200, body: price } : missing('price', match[1]!);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = text(params, 'customer');
      if (!customer || !customers.has(customer)) return missing('customer', customer ?? '');
      const items = list(params, 'line_items') as Params[];
      const priceId = items[0] ? text(items[0], 'price') : undefined;
      if (!priceId || !prices.has(priceId)) return missing('price', priceId ?? '');
      const id = newId('cs_test');
      const session: StripeObject = {
        id,
        object: 'checkout.session',
        mode: text(params, 'mode'),
        customer,
        client_reference_id: text(params, 'client_reference_id') ?? null,
        success_url: text(params, 'success_url'),
        cancel_url: text(params, 'cancel_url'),
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `${baseUrl}/c/pay/${id}`,
        line_items: items,
        subscription_data: object(params, 'subscription_data'),
        livemode: false,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = text(params, 'customer');
      if (!customer || !customers.has(customer)) return missing('customer', customer ?? '');
      const id = newId('bps');
      const session: StripeObject = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: text(params, 'return_url') ?? null,
        flow: Object.keys(object(params, 'flow_data')).length > 0 ? object(params, 'flow_data') : null,
        url: `${baseUrl}/p/session/${id}`,
        livemode: false,
      };
      portal.push(session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription', match[1]!);
      return { status: 200, body: expanded(subscription, list(params, 'expand') as string[]) };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const params = readParams(
        method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'),
      );
      requests.push({ method, path: url.pathname, params });
      const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          ...extra,
        });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        answer(failure.status, { error: failure.error }, { 'stripe-should-retry': 'false' });
        return;
      }
      const key = request.headers['idempotency-key'];
      const replay = typeof key === 'string' ? replays.get(`${url.pathname} ${key}`) : undefined;
      if (replay) {
        answer(replay.status, replay.body, { 'idempotent-replayed': 'true' });
        return;
      }
      const result = route(method, url.pathname, params);
      if (typeof key === 'string' && method === 'POST') replays.set(`${url.pathname} ${key}`, result);
      answer(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function subscriptionOrThrow(id: string): StripeObject {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    return subscription;
  }

  return {
    apiUrl: baseUrl,
    secretKey,
    requests,
    addPrice({ id, unitAmount, currency, interval, nickname }) {
      prices.set(id, {
        id,
        object: 'price',
        active: true,
        currency,
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
        nickname: nickname ?? null,
        product: 'prod_doppel',
        recurring: { interval, interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
        livemode: false,
      });
    },
    customers: () => [...customers.values()],
    checkoutSessions: () => [...sessions.values()],
    portalSessions: () => [...portal],
    subscription: (id) => structuredClone(subscriptionOrThrow(id)),
    completeCheckout(sessionId, card = { brand: 'visa', last4: '4242' }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no Checkout Session ${sessionId}`);
      const method: StripeObject = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: {
          brand: card.brand,
          last4: card.last4,
          exp_month: 12,
          exp_year: 2030,
          display_brand: card.brand,
        },
        customer: session.customer,
      };
      paymentMethods.set(method.id, method);
      const priceId = text((session.line_items as Params[])[0]!, 'price')!;
      const start = now();
      const subscription: StripeObject = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        created: start,
        default_payment_method: method.id,
        metadata: object(session.subscription_data as Params, 'metadata'),
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: prices.get(priceId),
              quantity: 1,
              current_period_start: start,
              current_period_end: periodEnd(priceId, start),
            },
          ],
        },
        livemode: false,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return structuredClone(session);
    },
    updateSubscription(id, change) {
      const subscription = subscriptionOrThrow(id);
      if (change.status) {
        subscription.status = change.status;
        if (change.status === 'canceled')
          Object.assign(subscription, { canceled_at: now(), ended_at: now() });
      }
      if (change.cancelAtPeriodEnd !== undefined)
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.priceId) {
        const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
        item.price = prices.get(change.priceId);
        item.current_period_end = periodEnd(change.priceId, item.current_period_start as number);
      }
      return structuredClone(subscription);
    },
    invoiceOf(subscriptionId, status) {
      const subscription = subscriptionOrThrow(subscriptionId);
      return {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        status,
        billing_reason: 'subscription_cycle',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        livemode: false,
      };
    },
    failNext(status, error) {
      failures.push({ status, error });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its connections alive; they would hold the close open.
        server.closeAllConnections();
      }),
  };
}
