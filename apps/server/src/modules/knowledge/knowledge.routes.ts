import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createThoughtInputSchema,
  documentSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResultSchema,
  okSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createThought, deleteDocument, getDocument, listDocuments } from './documents';
import { searchKnowledge } from './search-knowledge';

const tags = ['knowledge'];
const params = z.object({ id: z.uuid() });

/** The knowledge base (spec §2 Knowledge base, §3 Document). */
export async function knowledgeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/documents',
    { schema: { tags, response: { 200: z.object({ items: z.array(documentSchema) }) } } },
    async (request) => ({
      items: await listDocuments(ctx, requireAuth(request).userId),
    }),
  );
  r.post(
    '/documents/thoughts',
    { schema: { tags, body: createThoughtInputSchema, response: { 201: documentSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createThought(ctx, requireAuth(request).userId, request.body)),
  );
  r.get(
    '/documents/search',
    {
      schema: {
        tags,
        querystring: knowledgeSearchQuerySchema,
        response: { 200: knowledgeSearchResultSchema },
      },
    },
    async (request) =>
      searchKnowledge(ctx, requireAuth(request).userId, request.query.q, request.query.limit),
  );
  r.get('/documents/:id', { schema: { tags, params, response: { 200: documentSchema } } }, async (request) =>
    getDocument(ctx.db, requireAuth(request).userId, request.params.id),
  );
  r.delete('/documents/:id', { schema: { tags, params, response: { 200: okSchema } } }, async (request) => {
    await deleteDocument(ctx, requireAuth(request).userId, request.params.id);
    return { ok: true as const };
  });
}
