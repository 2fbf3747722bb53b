import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { createAiModel, deleteAiModel, listAiModels, updateAiModel } from './ai-models';
import { testAiModel } from './test-ai-model';

const tags = ['ai'];

export async function aiModelsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('ai.listModels', async (request) => listAiModels(ctx, requireAuth(request)));
  on('ai.createModel', async (request, reply) =>
    reply.code(201).send(await createAiModel(ctx, requireAuth(request), request.body)),
  );
  on('ai.updateModel', async (request) =>
    updateAiModel(ctx, requireAuth(request), request.params.id, request.body),
  );
  on('ai.deleteModel', async (request, reply) => {
    await deleteAiModel(ctx, requireAuth(request), request.params.id);
    return reply.code(204).send();
  });
  on('ai.testModel', async (request) => testAiModel(ctx, requireAuth(request), request.params.id));
}
