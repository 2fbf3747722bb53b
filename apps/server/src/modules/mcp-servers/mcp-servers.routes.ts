import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  createMcpServerInputSchema,
  mcpServerIdParamsSchema,
  mcpServerListSchema,
  mcpServerSchema,
  mcpServerTestResultSchema,
  updateMcpServerInputSchema,
} from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { requireAuth } from '../../plugins/authenticate';
import { createMcpServer, deleteMcpServer, listMcpServers, updateMcpServer } from './mcp-servers';
import { testMcpServer } from './test-mcp-server';

const tags = ['mcp-servers'];
const params = mcpServerIdParamsSchema;

/** Settings → MCP: the user's external MCP servers (product-spec §2, §3 MCP server). */
export async function mcpServersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/mcp-servers', { schema: { tags, response: { 200: mcpServerListSchema } } }, async (request) => ({
    items: await listMcpServers(ctx, requireAuth(request).userId),
  }));
  r.post(
    '/mcp-servers',
    { schema: { tags, body: createMcpServerInputSchema, response: { 201: mcpServerSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createMcpServer(ctx, requireAuth(request), request.body)),
  );
  r.patch(
    '/mcp-servers/:id',
    { schema: { tags, params, body: updateMcpServerInputSchema, response: { 200: mcpServerSchema } } },
    async (request) => updateMcpServer(ctx, requireAuth(request), request.params.id, request.body),
  );
  r.delete('/mcp-servers/:id', { schema: { tags, params } }, async (request, reply) => {
    await deleteMcpServer(ctx, requireAuth(request), request.params.id);
    return reply.code(204).send();
  });
  r.post(
    '/mcp-servers/:id/test',
    { schema: { tags, params, response: { 200: mcpServerTestResultSchema } } },
    async (request) => testMcpServer(ctx, requireAuth(request), request.params.id),
  );
}
