import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { tokenUsageSchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { getTokenUsage } from './token-usage';

export async function usageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/usage/tokens',
      { schema: { tags: ['usage'], response: { 200: tokenUsageSchema } } },
      async (request) => getTokenUsage(ctx, requireAuth(request).userId),
    );
}
