import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { getTokenUsage } from './token-usage';

export async function usageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['usage'] })('usage.tokens', async (request) =>
    getTokenUsage(ctx, requireAuth(request).userId),
  );
}
