import { z } from 'zod';
import { streamErrorSchema } from './errors';

/** The longest message the agent console accepts. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/** The console's commands; /help lists them in this order. */
export const agentCommands = ['help', 'status', 'tasks', 'search', 'draft', 'clear'] as const;
export type AgentCommand = (typeof agentCommands)[number];

export const chatMessageTypeSchema = z.enum(['user', 'assistant']);

/** What wrote an assistant message: a command, the offline engine, or a language model. */
export const chatEngineSchema = z.object({
  kind: z.enum(['command', 'offline', 'model']),
  model: z.string().nullable(),
});
export type ChatEngine = z.infer<typeof chatEngineSchema>;

/** Chat message: id, type (user or assistant), content, timestamp. */
export const chatMessageSchema = z.object({
  id: z.string(),
  type: chatMessageTypeSchema,
  content: z.string(),
  timestamp: z.string(),
  /** Assistant messages only. */
  engine: chatEngineSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistorySchema = z.object({ items: z.array(chatMessageSchema) });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** Chat input: empty or whitespace-only messages are not sent. */
export const sendChatMessageInputSchema = z
  .object({
    content: z.string().trim().min(1, 'messageRequired').max(CHAT_MESSAGE_MAX_LENGTH, 'messageTooLong'),
  })
  .strict();
export type SendChatMessageInput = z.infer<typeof sendChatMessageInputSchema>;

/**
 * Server-sent events of POST /api/agent/messages, in order: `user` (the stored message), any
 * number of `tool` and `delta`, then `done` with the stored answer — or `error`, after which
 * nothing more comes. `cleared` answers /clear instead of `done`.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), message: chatMessageSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The twin is using one of its tools (list_tasks, create_task, search_knowledge, contact_history). */
  z.object({ type: z.literal('tool'), name: z.string() }),
  z.object({ type: z.literal('done'), message: chatMessageSchema }),
  z.object({ type: z.literal('cleared') }),
  z.object({ type: z.literal('error'), error: streamErrorSchema }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/**
 * The console header: online when the user's model answers its health check, or when the
 * offline engine is in use (which `engine` says); offline with the reason otherwise.
 */
export const agentStatusSchema = z.object({
  online: z.boolean(),
  engine: z.enum(['offline', 'model']),
  model: z.string().nullable(),
  /** Why the model is unreachable; null when online. */
  error: z.string().nullable(),
  checkedAt: z.string(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;
