import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { getSubscription } from './get-subscription';

export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['subscription'] })('subscription.get', async (request) =>
    getSubscription(ctx, requireAuth(request).userId),
  );
}
