import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  aiModelIdParamsSchema,
  aiModelListSchema,
  aiModelSchema,
  aiModelTestResultSchema,
  createAiModelInputSchema,
  updateAiModelInputSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createAiModel, deleteAiModel, listAiModels, updateAiModel } from './ai-models';
import { testAiModel } from './test-ai-model';

const tags = ['ai'];

export async function aiModelsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/ai/models', { schema: { tags, response: { 200: aiModelListSchema } } }, async (request) =>
    listAiModels(ctx, requireAuth(request)),
  );
  r.post(
    '/ai/models',
    { schema: { tags, body: createAiModelInputSchema, response: { 201: aiModelSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createAiModel(ctx, requireAuth(request), request.body)),
  );
  r.patch(
    '/ai/models/:id',
    {
      schema: {
        tags,
        params: aiModelIdParamsSchema,
        body: updateAiModelInputSchema,
        response: { 200: aiModelSchema },
      },
    },
    async (request) => updateAiModel(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.delete('/ai/models/:id', { schema: { tags, params: aiModelIdParamsSchema } }, async (request, reply) => {
    await deleteAiModel(ctx, requireAuth(request), request.params.id);
    return reply.code(204).send();
  });
  r.post(
    '/ai/models/:id/test',
    { schema: { tags, params: aiModelIdParamsSchema, response: { 200: aiModelTestResultSchema } } },
    async (request) => testAiModel(ctx, requireAuth(request), request.params.id),
  );
}
