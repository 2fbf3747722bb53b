import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { getNavSummary } from './get-nav-summary';

export async function shellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  routeTable(app, { tags: ['shell'] })('shell.summary', async (request) =>
    getNavSummary(ctx, requireAuth(request).userId),
  );
}
