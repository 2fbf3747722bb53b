import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { navSummarySchema } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { getNavSummary } from './get-nav-summary';

export async function shellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/shell/summary',
      { schema: { tags: ['shell'], response: { 200: navSummarySchema } } },
      async (request) => getNavSummary(ctx, requireAuth(request).userId),
    );
}
