import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeTable } from '../../lib/typed-routes';
import { requireAuth } from '../../plugins/authenticate';
import { createMcpServer, deleteMcpServer, listMcpServers, updateMcpServer } from './mcp-servers';
import { testMcpServer } from './test-mcp-server';

const tags = ['mcp-servers'];

/** Settings → MCP: the user's external MCP servers. */
export async function mcpServersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const on = routeTable(app, { tags });
  on('mcpServers.list', async (request) => ({
    items: await listMcpServers(ctx, requireAuth(request).userId),
  }));
  on('mcpServers.create', async (request, reply) =>
    reply.code(201).send(await createMcpServer(ctx, requireAuth(request), request.body)),
  );
  on('mcpServers.update', async (request) =>
    updateMcpServer(ctx, requireAuth(request), request.params.id, request.body),
  );
  on('mcpServers.delete', async (request, reply) => {
    await deleteMcpServer(ctx, requireAuth(request), request.params.id);
    return reply.code(204).send();
  });
  on('mcpServers.test', async (request) => testMcpServer(ctx, requireAuth(request), request.params.id));
}
