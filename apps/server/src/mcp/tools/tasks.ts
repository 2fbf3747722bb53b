import { z } from 'zod';
import {
  draftKindSchema,
  knowledgeSourceSchema,
  taskPrioritySchema,
  taskStatusSchema,
  taskTypeSchema,
  TASKS_MAX_LIMIT,
  type Task,
} from '@doppel/contracts';
import { createTask, listTasks, startTaskDraft } from '../../modules/tasks';
import { defineTool } from './define-tool';

/*
 * Permissions: API keys know four resources (contacts, messages, knowledge_base, ai_models) and no
 * "tasks". A task is outreach to a contact — a reply to write, a message, a post — and the public
 * API treats it the same way, so reading tasks needs contacts:read and creating one contacts:write.
 * Writing a draft runs the user's language model (and spends its token quota), so draft_reply
 * needs ai_models:write.
 */

/** A task as a client reads it: what to do, for whom, why, and the drafts so far. */
const taskSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: taskTypeSchema,
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  contact: z.object({ id: z.string(), name: z.string(), company: z.string().nullable() }).nullable(),
  lastMessage: z.string().nullable().describe('The message the task answers, when there is one'),
  summary: z.string().nullable().describe("The analysis' summary"),
  recommendation: z.string().nullable().describe("The analysis' recommendation"),
  drafts: z.record(z.string(), z.string()).describe('Saved drafts by kind (quick, detailed, …)'),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
});

function taskSummary(task: Task): z.infer<typeof taskSummarySchema> {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    type: task.type,
    priority: task.priority,
    status: task.status,
    contact: task.contact
      ? { id: task.contact.id, name: task.contact.name, company: task.contact.company }
      : null,
    lastMessage: task.context.lastMessage ?? null,
    summary: task.context.summary ?? null,
    recommendation: task.context.recommendation ?? null,
    drafts: { ...task.responses },
    dueAt: task.dueAt,
    createdAt: task.createdAt,
  };
}

export const listTasksTool = defineTool({
  name: 'list_tasks',
  description:
    "The user's outreach tasks in Doppel (replies, proactive messages, posts and comments to write), newest " +
    'first, optionally only those with one status, with the exact total.',
  permission: { resource: 'contacts', action: 'read' },
  inputSchema: z.object({
    status: taskStatusSchema.optional().describe('Only tasks with this status'),
    limit: z.number().int().min(1).max(TASKS_MAX_LIMIT).default(20).describe('How many at most (default 20)'),
  }),
  outputSchema: z.object({
    total: z.number().int().describe('How many tasks match in all'),
    hasMore: z.boolean(),
    tasks: z.array(taskSummarySchema),
  }),
  annotations: { title: 'List tasks', readOnlyHint: true, openWorldHint: false },
  run: async ({ status, limit }, { ctx, auth }) => {
    const page = await listTasks(ctx, auth.userId, { status, limit });
    return { total: page.total, hasMore: page.hasMore, tasks: page.items.map(taskSummary) };
  },
});

export const createTaskTool = defineTool({
  name: 'create_task',
  description:
    'Create an outreach task for the user in Doppel. Doppel analyses it (priority, summary, recommendation) ' +
    'and it appears on the task board; nothing is sent. Give the message to answer for a reply task.',
  permission: { resource: 'contacts', action: 'write' },
  inputSchema: z.object({
    title: z.string().trim().min(1).max(300),
    // A High Concept Analysis is started from a persona on the Personas page, not from outside.
    type: taskTypeSchema.exclude(['high_concept_analysis']).describe('What is to be written'),
    description: z.string().trim().max(5000).optional(),
    contactId: z.uuid().optional().describe('The contact the task is about, as list_contacts returns it'),
    message: z
      .string()
      .trim()
      .min(1)
      .max(20_000)
      .optional()
      .describe('The message from the contact to answer'),
  }),
  outputSchema: taskSummarySchema,
  annotations: { title: 'Create task', readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: async ({ title, type, description, contactId, message }, { ctx, auth }) =>
    taskSummary(
      await createTask(ctx, auth.userId, {
        title,
        type,
        description,
        contactId,
        context: message ? { triggerType: 'message', lastMessage: message } : {},
      }),
    ),
});

export const draftReplyTool = defineTool({
  name: 'draft_reply',
  description:
    "Write a draft for a task in the user's voice: with the user's language model when one is set up, else " +
    "with Doppel's offline engine (templates, persona and knowledge base). The draft is saved on the task " +
    '(replacing an earlier draft of the same kind) for the user to review; nothing is sent.',
  permission: { resource: 'ai_models', action: 'write' },
  inputSchema: z.object({
    taskId: z.uuid().describe('The task id, as list_tasks or create_task returns it'),
    kind: draftKindSchema.describe('quick: short; detailed: longer, with a line from the knowledge base'),
  }),
  outputSchema: z.object({
    taskId: z.string(),
    kind: draftKindSchema,
    text: z.string(),
    writtenBy: z.string().describe('Who wrote the draft, in words'),
    engine: z.object({ kind: z.enum(['offline', 'model']), model: z.string().nullable() }),
    sources: z.array(knowledgeSourceSchema).describe('Knowledge-base passages the draft draws on'),
  }),
  annotations: { title: 'Draft reply', readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  run: async ({ taskId, kind }, { ctx, auth, signal }) => {
    // A demo sandbox's keys are samples that authenticateApiKey refuses, so a key's owner is never a demo user.
    const draft = await startTaskDraft(ctx, { userId: auth.userId, isDemo: false }, taskId, { kind }, signal);
    let text = '';
    for await (const delta of draft.textStream) text += delta;
    const saved = await draft.save(text);
    return {
      taskId,
      kind,
      text: saved.responses[kind] ?? text.trim(),
      writtenBy:
        draft.engine.kind === 'model'
          ? `the model ${draft.engine.model}`
          : "Doppel's offline drafting engine",
      engine: draft.engine,
      sources: draft.sources,
    };
  },
});
