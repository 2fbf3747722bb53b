import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  acceptProposalInputSchema,
  personaIdParamsSchema,
  personaSchema,
  taskIdParamsSchema,
  taskSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { acceptProposal, startHighConceptAnalysis } from './high-concept-analysis';

const tags = ['personas'];

/** High Concept Analysis: a persona's proposal, made as a task and accepted field by field. */
export async function highConceptRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/personas/:id/high-concept-analysis',
    { schema: { tags, params: personaIdParamsSchema, response: { 201: taskSchema } } },
    async (request, reply) =>
      reply.code(201).send(await startHighConceptAnalysis(ctx, requireAuth(request), request.params.id)),
  );
  r.post(
    '/tasks/:id/accept-proposal',
    {
      schema: {
        tags,
        params: taskIdParamsSchema,
        body: acceptProposalInputSchema,
        response: { 200: z.object({ task: taskSchema, persona: personaSchema }) },
      },
    },
    async (request) => acceptProposal(ctx, requireAuth(request).userId, request.params.id, request.body),
  );
}
