import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { listPlans } from './billing-plans';
import { openPortal, startCheckout } from './billing-checkout';
import { receiveStripeEvent } from './billing-webhook';

/** Change plan and Manage payments, for a signed-in user (registered in the /api scope). */
export async function billingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags: ['billing'] });
  on('billing.plans', async (request) => listPlans(ctx, requireAuth(request).userId));
  on('billing.checkout', async (request) => startCheckout(ctx, requireAuth(request).userId, request.body));
  on('billing.portal', async (request) => openPortal(ctx, requireAuth(request).userId));
}

/**
 * Stripe's webhook deliveries: no session (the signature is the authority), so registered outside
 * the authenticated scope, and never cookie-authenticated, so no same-origin check either.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The signature covers the bytes as sent: this scope keeps every body as a Buffer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  routeTable(app)('billing.webhook', { logLevel: 'warn' }, async (request) => {
    const signature = request.headers['stripe-signature'];
    await receiveStripeEvent(
      ctx,
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true };
  });
}
