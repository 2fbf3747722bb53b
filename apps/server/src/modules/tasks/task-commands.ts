import {
  createTaskInputSchema,
  saveTaskResponsesInputSchema,
  updateTaskStatusInputSchema,
  type CreateTaskInput,
  type KnowledgeSource,
  type Task,
  type TaskStatus,
} from '@doppel/contracts';
import { and, contacts, eq, sql, tasks } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import { OFFLINE_ENGINE, withAnalysis } from '../engine/analyze-task';
import type { AppContext } from '../../lib/context';
import { TASK_NOT_FOUND, getTask } from './task-queries';
import { announce } from './announce-task-change';
import { refineTaskAnalysisLater } from './refine-task-analysis';

export async function createTask(ctx: AppContext, userId: string, input: CreateTaskInput): Promise<Task> {
  const data = createTaskInputSchema.parse(input);
  const now = ctx.clock.now();
  const task = await ctx.db.transaction(async (tx) => {
    let contact: { name: string; language: string } | null = null;
    if (data.contactId) {
      [contact = null] = await tx
        .select({ name: contacts.name, language: contacts.language })
        .from(contacts)
        .where(and(eq(contacts.id, data.contactId), eq(contacts.userId, userId)));
      if (!contact)
        throw new AppError('validation_failed', undefined, { fields: { contactId: 'contactNotFound' } });
    }
    const analyzed = withAnalysis({ type: data.type, context: data.context, contact });
    const [created] = await tx
      .insert(tasks)
      .values({
        userId,
        contactId: data.contactId ?? null,
        type: data.type,
        title: data.title,
        description: data.description,
        priority: data.priority ?? analyzed.priority ?? 'medium',
        status: 'pending',
        context: analyzed.context,
        responses: {},
        assignee: data.assignee ?? null,
        dueAt: data.dueAt ? new Date(data.dueAt) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tasks.id });
    return getTask(tx, userId, created!.id);
  });
  await announce(ctx, userId, { type: 'task.created', taskId: task.id });
  if (task.context.analyzedBy === OFFLINE_ENGINE || task.context.lastMessage) {
    refineTaskAnalysisLater(ctx, userId, task.id, { priorityFromAnalysis: data.priority === undefined });
  }
  return task;
}

/**
 * A newer message from the contact of an open reply task (a messenger delivered it): the task
 * now answers that message, analysed afresh; its saved drafts stay.
 */
export async function takeNewerMessage(
  ctx: AppContext,
  userId: string,
  taskId: string,
  text: string,
): Promise<Task> {
  const now = ctx.clock.now();
  const task = await ctx.db.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    const {
      summary: _summary,
      recommendation: _recommendation,
      analyzedBy: _analyzedBy,
      language: _language,
      lastMessageOriginal: _original,
      analysisSources: _sources,
      ...kept
    } = current.context;
    const analyzed = withAnalysis({
      type: current.type,
      context: { ...kept, lastMessage: text, triggerType: 'message' },
      contact: current.contact,
    });
    await tx
      .update(tasks)
      .set({ context: analyzed.context, priority: analyzed.priority ?? current.priority, updatedAt: now })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
    return getTask(tx, userId, taskId);
  });
  await announce(ctx, userId, { type: 'task.updated', taskId });
  refineTaskAnalysisLater(ctx, userId, taskId, { priorityFromAnalysis: true });
  return task;
}

/** Any status may become any other; completed stamps completed_at, leaving it clears it (spec §4). */
export async function updateTaskStatus(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { status: TaskStatus },
): Promise<Task> {
  const { status } = updateTaskStatusInputSchema.parse(input);
  const now = ctx.clock.now();
  const task = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tasks)
      .set({
        status,
        updatedAt: now,
        // Keeps the first completion time when a completed task is completed again.
        completedAt:
          status === 'completed'
            ? sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`
            : null,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND);
    return getTask(tx, userId, taskId);
  });
  await announce(ctx, userId, { type: 'task.updated', taskId });
  return task;
}

/** Merges new response kinds into the task's existing responses (spec §4). */
export async function saveTaskResponses(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { responses: Record<string, string> },
  /** Per kind, the knowledge-base passages a generated draft drew on (replaces that kind's). */
  sources?: Record<string, KnowledgeSource[]>,
): Promise<Task> {
  const { responses } = saveTaskResponsesInputSchema.parse(input);
  const now = ctx.clock.now();
  const task = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(tasks)
      .set({
        responses: sql`${tasks.responses} || ${JSON.stringify(responses)}::jsonb`,
        ...(sources
          ? {
              context: sql`${tasks.context} || jsonb_build_object('draftSources', coalesce(${tasks.context} -> 'draftSources', '{}'::jsonb) || ${JSON.stringify(sources)}::jsonb)`,
            }
          : {}),
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND);
    return getTask(tx, userId, taskId);
  });
  await announce(ctx, userId, { type: 'task.updated', taskId });
  return task;
}

export async function deleteTask(ctx: AppContext, userId: string, taskId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw new AppError('not_found', TASK_NOT_FOUND);
  await announce(ctx, userId, { type: 'task.deleted', taskId });
}
