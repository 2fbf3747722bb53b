import type { FastifyBaseLogger } from 'fastify';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiKeyAction, ApiKeyResource } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { KeyAuth } from '../../public-api/api-key-auth';

/** What a tool runs with: the app, the key it was called with (its owner is the user), the request's log. */
export interface ToolContext {
  ctx: AppContext;
  auth: KeyAuth;
  log: FastifyBaseLogger;
  /** Aborted when the client goes away or cancels the call. */
  signal: AbortSignal;
}

/** The permission a key needs for a tool to be offered at all. */
export interface ToolPermission {
  resource: ApiKeyResource;
  action: ApiKeyAction;
}

/** A tool of Doppel's MCP server, with its types erased so that every tool fits one list. */
export interface McpTool {
  name: string;
  description: string;
  permission: ToolPermission;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  /** Runs the tool on arguments the SDK has already checked against inputSchema. */
  call(args: unknown, tool: ToolContext): Promise<Record<string, unknown>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(definition: {
  name: string;
  description: string;
  permission: ToolPermission;
  inputSchema: I;
  outputSchema: O;
  annotations: ToolAnnotations;
  run: (input: z.output<I>, tool: ToolContext) => Promise<z.input<O>>;
}): McpTool {
  const { run, ...rest } = definition;
  return {
    ...rest,
    call: async (args, tool) => run(definition.inputSchema.parse(args), tool),
  };
}

/** A tool's answer: the JSON as text for every client, and as structured content for those that read it. */
export function toolResult(output: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
}

/**
 * A failed call as an isError result the calling model can read and act on: the domain's own
 * message (not found, conflict, quota…), the fields of a validation error, or — for anything
 * unexpected — a generic line, logged here, never a stack trace or a database message.
 */
export function toolError(error: unknown, tool: { name: string }, log: FastifyBaseLogger): CallToolResult {
  let text: string;
  if (error instanceof AppError) {
    const fields = Object.entries(error.details.fields ?? {}).map(
      ([field, problem]) => `${field}: ${problem}`,
    );
    text = fields.length > 0 ? `${error.message} (${fields.join('; ')})` : error.message;
    if (error.details.retryAfter) text += ` Retry after ${error.details.retryAfter} seconds.`;
  } else if (error instanceof z.ZodError) {
    text = `Invalid input: ${z.prettifyError(error)}`;
  } else {
    log.error({ err: error, tool: tool.name }, 'MCP tool failed');
    text = 'Something went wrong while running this tool. Please try again later.';
  }
  return { content: [{ type: 'text', text }], isError: true };
}
