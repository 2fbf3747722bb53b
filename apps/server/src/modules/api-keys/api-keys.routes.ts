import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-keys';

const tags = ['api-keys'];

/** The /api screen's keys. */
export async function apiKeysRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('apiKeys.list', async (request) => ({
    items: await listApiKeys(ctx, requireAuth(request).userId),
  }));
  on('apiKeys.create', async (request, reply) => {
    const auth = requireAuth(request);
    // Demo sandboxes show sample keys; a real key would open a throw-away sandbox to the world.
    if (auth.isDemo) throw new AppError('demo_restricted');
    return reply.code(201).send(await createApiKey(ctx, auth.userId, request.body));
  });
  on('apiKeys.update', async (request) =>
    updateApiKey(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  on('apiKeys.delete', async (request) => {
    await deleteApiKey(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
