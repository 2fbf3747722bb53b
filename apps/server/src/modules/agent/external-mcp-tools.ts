import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import type { AppContext } from '../../lib/context';
import { connectMcpServer, listActiveMcpServerRows, type McpServerRow } from '../mcp-servers';
import { cutText } from '../../lib/text';

/** Providers accept tool names of at most 64 characters from this alphabet. */
const MAX_TOOL_NAME = 64;
/** An external server gets this long to connect and list its tools before the chat goes on without it. */
const DISCOVERY_TIMEOUT_MS = 5_000;
/** One call of an external tool. */
const CALL_TIMEOUT_MS = 30_000;
/** What the model reads of one tool result at most. */
const MAX_RESULT_CHARS = 20_000;

export interface ExternalMcpTools {
  tools: ToolSet;
  /** Closes the connections; call it when the answer is finished. */
  close: () => Promise<void>;
}

/** A server's name as a tool-name prefix: lower case letters, digits and single underscores. */
export function serverSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24)
    .replace(/_+$/, '');
  return slug || 'mcp';
}

/** `<server-slug>__<tool>`, reduced to what providers accept. */
export function externalToolName(slug: string, toolName: string): string {
  return `${slug}__${toolName.replace(/[^a-zA-Z0-9_-]/g, '_')}`.slice(0, MAX_TOOL_NAME);
}

type CallToolAnswer = Awaited<ReturnType<Client['callTool']>>;

/** The text a model reads from an MCP tool result: its text parts, else its structured content. */
function resultText(answer: CallToolAnswer): string {
  const content = Array.isArray(answer.content)
    ? (answer.content as Array<{ type: string; text?: unknown }>)
    : [];
  const texts = content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string);
  let text = texts.join('\n');
  if (!text && answer.structuredContent !== undefined) text = JSON.stringify(answer.structuredContent);
  if (!text && 'toolResult' in answer) text = JSON.stringify(answer.toolResult);
  text = cutText(text, MAX_RESULT_CHARS);
  return answer.isError ? `Error: ${text || 'the tool failed'}` : text;
}

function objectSchema(schema: unknown): JSONSchema7 {
  const given = (schema && typeof schema === 'object' ? schema : {}) as JSONSchema7;
  // Some providers insist on an object schema with properties, even an empty one.
  return { ...given, type: 'object', properties: given.properties ?? {} };
}

async function discover(ctx: AppContext, row: McpServerRow) {
  const client = await connectMcpServer(ctx, row);
  try {
    const { tools } = await client.listTools(undefined, { timeout: DISCOVERY_TIMEOUT_MS });
    return { client, tools };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The tools of the user's active external MCP servers for one chat answer, each named
 * `<server-slug>__<tool>`. A server that cannot be reached or listed is left out and logged;
 * it never fails the chat.
 */
export async function externalMcpTools(ctx: AppContext, userId: string): Promise<ExternalMcpTools> {
  const rows = await listActiveMcpServerRows(ctx, userId);
  if (rows.length === 0) return { tools: {}, close: async () => undefined };
  const settled = await Promise.allSettled(rows.map((row) => discover(ctx, row)));
  const clients: Client[] = [];
  const tools: ToolSet = {};
  const slugs = new Set<string>();
  settled.forEach((outcome, index) => {
    const row = rows[index]!;
    if (outcome.status === 'rejected') {
      ctx.log.warn(
        { err: outcome.reason, mcpServerId: row.id },
        'external MCP server skipped: it did not answer',
      );
      return;
    }
    const { client, tools: offered } = outcome.value;
    clients.push(client);
    let slug = serverSlug(row.name);
    for (let n = 2; slugs.has(slug); n += 1) slug = `${serverSlug(row.name)}_${n}`;
    slugs.add(slug);
    for (const offeredTool of offered) {
      const name = externalToolName(slug, offeredTool.name);
      if (name in tools) continue;
      tools[name] = tool({
        description: cutText(
          `[${row.name}] ${offeredTool.description ?? offeredTool.title ?? offeredTool.name}`,
          1000,
        ),
        inputSchema: jsonSchema<Record<string, unknown>>(objectSchema(offeredTool.inputSchema)),
        execute: async (input, options) => {
          try {
            const answer = await client.callTool({ name: offeredTool.name, arguments: input }, undefined, {
              timeout: CALL_TIMEOUT_MS,
              signal: options.abortSignal,
            });
            return resultText(answer);
          } catch (error) {
            ctx.log.warn(
              { err: error, mcpServerId: row.id, tool: offeredTool.name },
              'external MCP tool failed',
            );
            return `Error: ${error instanceof Error ? error.message : String(error)}`;
          }
        },
      });
    }
  });
  return {
    tools,
    close: async () => {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    },
  };
}
