import { taskPrioritySchema, taskStatusSchema, taskTypeSchema, type Task } from '@doppel/contracts';
import { and, communicationHistory, contacts, desc, eq, sql } from '@doppel/db';
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { escapeLike } from '../contacts';
import { searchKnowledge } from '../knowledge';
import { createTask, listTasks } from '../tasks';

/** History lines the contact_history tool returns: enough context, not a whole archive. */
const HISTORY_LINES = 20;

/** What the model reads about a task: the essentials, not the whole record. */
function taskSummary(task: Task) {
  return {
    ref: shortTaskRef(task.id),
    title: task.title,
    type: task.type,
    priority: task.priority,
    status: task.status,
    contact: task.contact?.name ?? null,
    summary: task.context.summary ?? null,
    createdAt: task.createdAt,
  };
}

/** The #number the console shows for a task: the first 8 characters of its id. */
export function shortTaskRef(taskId: string): string {
  return taskId.slice(0, 8);
}

/**
 * The twin's tools in a free-text conversation (AI SDK tool calling). Each runs as the user,
 * through the same functions as the REST API, so it sees only the user's own data.
 */
export function agentTools(ctx: AppContext, userId: string): ToolSet {
  return {
    list_tasks: tool({
      description: "List the user's outreach tasks, newest first, optionally only those with one status.",
      inputSchema: z.object({
        status: taskStatusSchema.optional(),
        limit: z.number().int().min(1).max(20).optional(),
      }),
      execute: async ({ status, limit }) => {
        const page = await listTasks(ctx, userId, { status, limit: limit ?? 10 });
        return { total: page.total, tasks: page.items.map(taskSummary) };
      },
    }),
    create_task: tool({
      description:
        'Create an outreach task for the user (a reply, a proactive message, a post or a comment to write). Only when the user asks for it.',
      inputSchema: z.object({
        title: z.string().min(1).max(300),
        type: taskTypeSchema.default('proactive_message'),
        priority: taskPrioritySchema.default('medium'),
        description: z.string().max(5000).default(''),
      }),
      execute: async (input) => taskSummary(await createTask(ctx, userId, input)),
    }),
    search_knowledge: tool({
      description: "Search the user's knowledge base (their documents, links and notes) for passages.",
      inputSchema: z.object({ query: z.string().min(1).max(200) }),
      execute: async ({ query }) => searchKnowledge(ctx, userId, query),
    }),
    contact_history: tool({
      description: "Read the recent messages exchanged with a contact, found by part of the contact's name.",
      inputSchema: z.object({ contact: z.string().min(1).max(200) }),
      execute: async ({ contact }) => contactHistory(ctx, userId, contact),
    }),
  };
}

async function contactHistory(ctx: AppContext, userId: string, name: string) {
  const matches = await ctx.db
    .select({ id: contacts.id, name: contacts.name, company: contacts.company })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), sql`${contacts.name} ilike ${`%${escapeLike(name)}%`}`))
    .orderBy(contacts.name)
    .limit(5);
  const [contact] = matches;
  if (!contact) return { found: false as const, message: `No contact named like "${name}"` };
  const lines = await ctx.db
    .select({
      direction: communicationHistory.direction,
      text: communicationHistory.text,
      at: communicationHistory.occurredAt,
    })
    .from(communicationHistory)
    .where(and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, contact.id)))
    .orderBy(desc(communicationHistory.occurredAt))
    .limit(HISTORY_LINES);
  return {
    found: true as const,
    contact,
    otherMatches: matches.slice(1).map((match) => match.name),
    messages: lines.reverse().map((line) => ({ ...line, at: line.at.toISOString() })),
  };
}
