import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { acceptProposal, startHighConceptAnalysis } from './high-concept-analysis';

const tags = ['personas'];

/** High Concept Analysis: a persona's proposal, made as a task and accepted field by field. */
export async function highConceptRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('personas.startHighConceptAnalysis', async (request, reply) =>
    reply.code(201).send(await startHighConceptAnalysis(ctx, requireAuth(request), request.params.id)),
  );
  on('tasks.acceptProposal', async (request) =>
    acceptProposal(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
}
