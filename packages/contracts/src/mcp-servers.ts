import { z } from 'zod';

/** The colours an MCP server can be marked with in Settings → MCP. */
export const mcpServerColors = ['blue', 'green', 'purple', 'orange', 'red', 'gray'] as const;
export const mcpServerColorSchema = z.enum(mcpServerColors);
export type McpServerColor = z.infer<typeof mcpServerColorSchema>;

const mcpUrlSchema = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'Only http and https addresses are allowed');

/** What the API answers about a server: the stored auth header never, only a masked hint. */
export const mcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  color: mcpServerColorSchema,
  /** '••••abcd' when an Authorization header is stored, else null. */
  authHint: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

export const mcpServerListSchema = z.object({ items: z.array(mcpServerSchema) });
export type McpServerList = z.infer<typeof mcpServerListSchema>;

export const createMcpServerInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(100),
    url: mcpUrlSchema,
    description: z.string().trim().max(500).default(''),
    color: mcpServerColorSchema.default('blue'),
    /** The whole Authorization header value, e.g. "Bearer abc"; write-only. */
    authHeader: z.string().trim().max(2000).optional(),
    isActive: z.boolean().default(true),
  })
  .strict();
export type CreateMcpServerInput = z.input<typeof createMcpServerInputSchema>;

export const updateMcpServerInputSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(100),
    url: mcpUrlSchema,
    description: z.string().trim().max(500),
    color: mcpServerColorSchema,
    /** Omitted keeps the stored header; an empty string removes it. */
    authHeader: z.string().trim().max(2000),
    isActive: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateMcpServerInput = z.infer<typeof updateMcpServerInputSchema>;

export const mcpServerIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/mcp-servers/:id/test: the tools the server offers, or why it could not be reached. */
export const mcpServerTestResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), tools: z.array(z.string()), latencyMs: z.number().int() }),
  z.object({ ok: z.literal(false), error: z.string(), latencyMs: z.number().int() }),
]);
export type McpServerTestResult = z.infer<typeof mcpServerTestResultSchema>;
