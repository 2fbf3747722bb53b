import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { subscriptionSchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { getSubscription } from './get-subscription';

export async function subscriptionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/subscription',
      { schema: { tags: ['subscription'], response: { 200: subscriptionSchema } } },
      async (request) => getSubscription(ctx, requireAuth(request).userId),
    );
}
