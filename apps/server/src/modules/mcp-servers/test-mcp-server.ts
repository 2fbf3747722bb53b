import type { McpServerTestResult } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../../lib/actor';
import { connectMcpServer, MCP_REQUEST_TIMEOUT_MS } from './connect-mcp-server';
import { loadOwnMcpServer } from './mcp-servers';
import { cutText } from '../../lib/text';

/**
 * The "Test" button: connects and lists the server's tools. An unreachable or failing server is
 * the answer, not an error of this request.
 */
export async function testMcpServer(ctx: AppContext, auth: Actor, id: string): Promise<McpServerTestResult> {
  const row = await loadOwnMcpServer(ctx, auth.userId, id);
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const client = await connectMcpServer(ctx, row);
    try {
      const { tools } = await client.listTools(undefined, { timeout: MCP_REQUEST_TIMEOUT_MS });
      return { ok: true, tools: tools.map((tool) => tool.name), latencyMs: latencyMs() };
    } finally {
      await client.close().catch(() => undefined);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: cutText(message, 500), latencyMs: latencyMs() };
  }
}
