import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorMessages } from '@doppel/contracts';
import { AppError } from '../lib/app-error';
import { serverVersion } from '../lib/server-package';
import type { AppContext } from '../lib/context';
import {
  createApiKeyHook,
  hasPermission,
  INVALID_KEY_MESSAGE,
  type KeyAuth,
} from '../public-api/api-key-auth';
import { toolError, toolResult } from './tools/define-tool';
import { mcpTools } from './tools';

const INSTRUCTIONS =
  "Doppel is the user's digital twin for outreach: a knowledge base of their documents and notes, their " +
  'contacts and message history, and tasks (replies, messages, posts) with drafts written in their voice. ' +
  'The tools offered depend on the permissions of the API key in use. Nothing here sends a message.';

const JSON_RPC_PARSE_ERROR = -32700;
const JSON_RPC_INVALID_REQUEST = -32600;

/** What a stateless streamable HTTP server answers to GET (no standalone SSE stream) and DELETE (no session). */
const METHOD_NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: {
    code: -32000,
    message: 'Method not allowed: this MCP server is stateless; send JSON-RPC with POST.',
  },
  id: null,
};

/**
 * The MCP server of one request, for one API key: it offers (lists) only the tools the key's
 * permissions allow, so a tool the key may not use cannot be called either. Every tool runs as
 * the key's owner through the same domain functions as the REST API.
 */
export function createMcpServer(ctx: AppContext, auth: KeyAuth, log: FastifyBaseLogger): McpServer {
  const server = new McpServer({ name: 'doppel', version: serverVersion }, { instructions: INSTRUCTIONS });
  const offered = mcpTools.filter((tool) =>
    hasPermission(auth, tool.permission.resource, tool.permission.action),
  );
  for (const tool of offered) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      async (args, extra) => {
        try {
          return toolResult(await tool.call(args, { ctx, auth, log, signal: extra.signal }));
        } catch (error) {
          return toolError(error, tool, log);
        }
      },
    );
  }
  if (offered.length === 0) {
    // The SDK only sets up tools/list once a tool is registered; a key with none still gets an answer.
    server.server.registerCapabilities({ tools: {} });
    server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    server.server.setRequestHandler(CallToolRequestSchema, (request) => ({
      content: [{ type: 'text', text: `Tool ${request.params.name} not found` }],
      isError: true,
    }));
  }
  return server;
}

/**
 * A request the server cannot read — JSON that does not parse, text no column can store
 * (invalid_characters, refused before the transport sees it) — answered as a JSON-RPC error, in
 * the shape the SDK's transport gives its own refusals. Refusals of the key (401, 429) keep the
 * API's shape and go on to the app's error handler.
 */
function answerBodyErrorsInJsonRpc(error: Error, _request: FastifyRequest, reply: FastifyReply) {
  const answer = (code: number, message: string, data?: object) =>
    reply.code(400).send({ jsonrpc: '2.0', error: { code, message, ...(data && { data }) }, id: null });
  if (error instanceof AppError && error.code === 'invalid_characters')
    return answer(JSON_RPC_INVALID_REQUEST, error.message, { code: error.code });
  if (error instanceof SyntaxError) return answer(JSON_RPC_PARSE_ERROR, 'Parse error: the body is not JSON.');
  throw error;
}

/**
 * POST /mcp: the Model Context Protocol over streamable HTTP, stateless — every
 * request carries its API key and gets a fresh server and transport, so any process of a cluster
 * can answer it. A missing, unknown, revoked or expired key is refused with the API's JSON 401,
 * and a key past its limits with 429, before the transport sees the request. Browsers cannot
 * attach the key on their own (no cookies are read here), which is what keeps DNS rebinding out.
 */
export async function mcpRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const options = {
    onRequest: createApiKeyHook(ctx),
    errorHandler: answerBodyErrorsInJsonRpc,
    schema: { hide: true },
  };
  app.post('/mcp', options, async (request, reply) => {
    const auth = request.apiKey;
    if (!auth) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
    const server = createMcpServer(ctx, auth, request.log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      // One JSON answer per request: nothing here streams, and proxies handle JSON best.
      enableJsonResponse: true,
    });
    // The rate-limit and security headers set so far would be lost once the reply is hijacked.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.on('close', () => {
      server
        .close()
        .catch((error: unknown) => request.log.warn({ err: error }, 'could not close an MCP server'));
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw
          .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
          .end(JSON.stringify({ error: { code: 'internal', message: errorMessages.internal } }));
      }
    }
  });
  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send(METHOD_NOT_ALLOWED);
  app.get('/mcp', { schema: { hide: true } }, methodNotAllowed);
  app.delete('/mcp', { schema: { hide: true } }, methodNotAllowed);
}
