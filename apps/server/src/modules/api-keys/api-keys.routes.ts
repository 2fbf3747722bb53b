import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  okSchema,
  updateApiKeyInputSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-keys';

const tags = ['api-keys'];
const params = z.object({ id: z.uuid() });

/** The /api screen's keys (spec §2 API keys, §3 API key). */
export async function apiKeysRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/keys', { schema: { tags, response: { 200: apiKeyListSchema } } }, async (request) => ({
    items: await listApiKeys(ctx, requireAuth(request).userId),
  }));
  r.post(
    '/keys',
    { schema: { tags, body: createApiKeyInputSchema, response: { 201: createdApiKeySchema } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Demo sandboxes show sample keys; a real key would open a throw-away sandbox to the world.
      if (auth.isDemo) throw new AppError('demo_restricted');
      return reply.code(201).send(await createApiKey(ctx, auth.userId, request.body));
    },
  );
  r.patch(
    '/keys/:id',
    { schema: { tags, params, body: updateApiKeyInputSchema, response: { 200: apiKeySchema } } },
    async (request) => updateApiKey(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
  r.delete('/keys/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await deleteApiKey(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
