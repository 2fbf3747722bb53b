import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AppContext } from '../../lib/context';
import { publicOnlyFetch } from '../../lib/public-only-fetch';
import { authHeaderOf, type McpServerRow } from './mcp-servers';

/** How long an external MCP server may take to answer one request. */
export const MCP_REQUEST_TIMEOUT_MS = 10_000;

const CLIENT_INFO = { name: 'doppel', version: '1.0.0' };

/**
 * A connected SDK client for one of the user's MCP servers. The address is the user's, so the
 * connection only reaches public addresses unless the install allows private
 * ones (FETCH_ALLOW_PRIVATE_ADDRESSES). The caller closes the client.
 */
export async function connectMcpServer(ctx: AppContext, row: McpServerRow): Promise<Client> {
  const header = authHeaderOf(ctx, row);
  const transport = new StreamableHTTPClientTransport(new URL(row.url), {
    requestInit: { headers: header ? { Authorization: header } : {} },
    ...(ctx.config.fetchAllowPrivateAddresses ? {} : { fetch: publicOnlyFetch }),
  });
  const client = new Client(CLIENT_INFO);
  try {
    await client.connect(transport, { timeout: MCP_REQUEST_TIMEOUT_MS });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}
