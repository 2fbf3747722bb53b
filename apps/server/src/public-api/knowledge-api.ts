import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createLinkInputSchema,
  createThoughtInputSchema,
  documentListQuerySchema,
  documentListSchema,
  documentSchema,
  knowledgeSearchQuerySchema,
  knowledgeSearchResultSchema,
} from '@doppel/contracts';
import { z } from 'zod';
import type { AppContext } from '../lib/context';
import { createLink } from '../modules/knowledge/add-documents';
import { createThought, getDocument, listDocuments } from '../modules/knowledge/documents';
import { searchKnowledge } from '../modules/knowledge/search-knowledge';
import { keyOwner, withPermission } from './route-permission';

const params = z.object({ id: z.uuid() }).strict();

/** /api/v1 knowledge base (knowledge_base:read, knowledge_base:write). */
export async function knowledgeApi(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/knowledge/search',
    withPermission('knowledge_base:read', {
      summary: 'Search the knowledge base',
      description:
        'Full-text search over the processed documents, best match first; snippets mark the matched words between [[ and ]].',
      querystring: knowledgeSearchQuerySchema,
      response: { 200: knowledgeSearchResultSchema },
    }),
    async (request) => searchKnowledge(ctx, keyOwner(request), request.query.q, request.query.limit),
  );
  r.get(
    '/knowledge/documents',
    withPermission('knowledge_base:read', {
      summary: 'List documents',
      description: 'One page of documents, newest first, with the figures of the whole knowledge base.',
      querystring: documentListQuerySchema,
      response: { 200: documentListSchema },
    }),
    async (request) => listDocuments(ctx, keyOwner(request), request.query),
  );
  r.get(
    '/knowledge/documents/:id',
    withPermission('knowledge_base:read', {
      summary: 'Get a document',
      params,
      response: { 200: documentSchema },
    }),
    async (request) => getDocument(ctx.db, keyOwner(request), request.params.id),
  );
  r.post(
    '/knowledge/thoughts',
    withPermission('knowledge_base:write', {
      summary: 'Add a thought',
      description: 'A written note, indexed at once; named after its first line unless `name` is given.',
      body: createThoughtInputSchema,
      response: { 201: documentSchema },
    }),
    async (request, reply) => reply.code(201).send(await createThought(ctx, keyOwner(request), request.body)),
  );
  r.post(
    '/knowledge/links',
    withPermission('knowledge_base:write', {
      summary: 'Add a link',
      description:
        'Saves an http(s) link as a pending document; its page is fetched and indexed in the background (status becomes processed, or error with a reason).',
      body: createLinkInputSchema,
      response: { 201: documentSchema },
    }),
    async (request, reply) => reply.code(201).send(await createLink(ctx, keyOwner(request), request.body)),
  );
}
