import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { routeTable } from '../lib/typed-routes';
import { createLink } from '../modules/knowledge';
import { createThought, getDocument, listDocuments } from '../modules/knowledge';
import { searchKnowledge } from '../modules/knowledge';
import { keyOwner, withPermission } from './route-permission';

/** /api/v1 knowledge base (knowledge_base:read, knowledge_base:write). */
export async function knowledgeApi(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app);
  on(
    'v1.searchKnowledge',
    withPermission('knowledge_base:read', {
      summary: 'Search the knowledge base',
      description:
        'Full-text search over the processed documents, best match first; snippets mark the matched words between [[ and ]].',
    }),
    async (request) => searchKnowledge(ctx, keyOwner(request), request.query.q, request.query.limit),
  );
  on(
    'v1.listDocuments',
    withPermission('knowledge_base:read', {
      summary: 'List documents',
      description:
        'One page of documents, newest first. Pass `nextCursor` as `cursor` for the next page (`page` pages by offset); a page asked for without a cursor carries the figures of the whole knowledge base, later ones null.',
    }),
    async (request) => listDocuments(ctx, keyOwner(request), request.query),
  );
  on(
    'v1.getDocument',
    withPermission('knowledge_base:read', { summary: 'Get a document' }),
    async (request) => getDocument(ctx.db, keyOwner(request), request.params.id),
  );
  on(
    'v1.createThought',
    withPermission('knowledge_base:write', {
      summary: 'Add a thought',
      description: 'A written note, indexed at once; named after its first line unless `name` is given.',
    }),
    async (request, reply) => reply.code(201).send(await createThought(ctx, keyOwner(request), request.body)),
  );
  on(
    'v1.createLink',
    withPermission('knowledge_base:write', {
      summary: 'Add a link',
      description:
        'Saves an http(s) link as a pending document; its page is fetched and indexed in the background (status becomes processed, or error with a reason).',
    }),
    async (request, reply) => reply.code(201).send(await createLink(ctx, keyOwner(request), request.body)),
  );
}
