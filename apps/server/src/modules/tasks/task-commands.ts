import {
  bulkTasksInputSchema,
  modelFallbackSchema,
  saveTaskResponsesInputSchema,
  updateTaskInputSchema,
  updateTaskStatusInputSchema,
  type BulkTasksInput,
  type BulkTasksResult,
  type CreateTaskInput,
  type DraftProvenance,
  type KnowledgeSource,
  type ModelFallback,
  type Task,
  type TaskStatus,
  type UpdateTaskInput,
} from '@doppel/contracts';
import { and, eq, sql, tasks } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import { withAnalysis } from '../engine';
import type { AppContext } from '../../lib/context';
import { cutText } from '../../lib/text';
import { keepDraftProvenance } from './draft-provenance';
import { TASK_NOT_FOUND, getTask } from './task-queries';
import {
  changeTaskFields,
  completeTasks,
  deleteTasks,
  insertTask,
  interfaceLanguageOf,
  setTaskStatus,
  type TaskFieldChanges,
} from './task-records';
import { refineTaskAnalysisLater } from './refine-task-analysis';

/** A task made by itself (the API, MCP, the agent, a contact's reply, a campaign's outreach). */
export async function createTask(ctx: AppContext, userId: string, input: CreateTaskInput): Promise<Task> {
  const now = ctx.clock.now();
  const { task, refine } = await ctx.db.transaction(async (tx) => {
    const inserted = await insertTask(tx, { userId }, input, now);
    return { task: await getTask(tx, userId, inserted.id), refine: inserted.refine };
  });
  if (refine) refineTaskAnalysisLater(ctx, userId, task.id, refine);
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
  emailSubject?: string,
): Promise<Task> {
  const now = ctx.clock.now();
  const task = await ctx.db.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    const {
      summary: _summary,
      recommendation: _recommendation,
      recommendationKind: _recommendationKind,
      analyzedBy: _analyzedBy,
      analysisFallback: _fallback,
      language: _language,
      languageFallback: _languageFallback,
      lastMessageOriginal: _original,
      analysisSources: _sources,
      ...kept
    } = current.context;
    const analyzed = withAnalysis(
      {
        type: current.type,
        context: {
          ...kept,
          lastMessage: text,
          triggerType: 'message',
          ...(emailSubject !== undefined && { emailSubject: cutText(emailSubject, 300) }),
        },
        contact: current.contact,
      },
      await interfaceLanguageOf(tx, userId),
    );
    await tx
      .update(tasks)
      .set({ context: analyzed.context, priority: analyzed.priority ?? current.priority, updatedAt: now })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
    return getTask(tx, userId, taskId);
  });
  refineTaskAnalysisLater(ctx, userId, taskId, { priorityFromAnalysis: true });
  return task;
}

/** Any status may become any other; completed stamps completed_at, leaving it clears it. */
export async function updateTaskStatus(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { status: TaskStatus },
): Promise<Task> {
  const { status } = updateTaskStatusInputSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    if (!(await setTaskStatus(tx, { userId }, taskId, status, ctx.clock.now()))) {
      throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
    }
    return getTask(tx, userId, taskId);
  });
}

/**
 * The owner's edit of a task: status (updateTaskStatus's rules), assignee and due date, any of
 * them at once, all or nothing.
 */
export async function updateTask(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: UpdateTaskInput,
): Promise<Task> {
  const { status, assignee, dueAt } = updateTaskInputSchema.parse(input);
  const changes: TaskFieldChanges = {
    status,
    assignee,
    dueAt: dueAt === undefined ? undefined : dueAt === null ? null : new Date(dueAt),
  };
  return ctx.db.transaction(async (tx) => {
    if (!(await changeTaskFields(tx, { userId }, taskId, changes, ctx.clock.now()))) {
      throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
    }
    return getTask(tx, userId, taskId);
  });
}

/**
 * The board's bulk bar: completes or deletes the user's tasks among the ids, in one transaction.
 * Ids of other users' (or unknown) tasks are left alone rather than refused, so a selection made
 * before another tab deleted some of it still applies to the rest.
 */
export async function bulkChangeTasks(
  ctx: AppContext,
  userId: string,
  input: BulkTasksInput,
): Promise<BulkTasksResult> {
  const { ids, action } = bulkTasksInputSchema.parse(input);
  const unique = [...new Set(ids)];
  const changed = await ctx.db.transaction((tx) =>
    action === 'complete'
      ? completeTasks(tx, { userId }, unique, ctx.clock.now())
      : deleteTasks(tx, { userId }, unique),
  );
  return { changed };
}

/** Merges new response kinds into the task's existing responses. */
export async function saveTaskResponses(
  ctx: AppContext,
  userId: string,
  taskId: string,
  input: { responses: Record<string, string> },
  /** Per kind, the knowledge-base passages a generated draft drew on (replaces that kind's). */
  sources?: Record<string, KnowledgeSource[]>,
  /** A post's suggestions: why they are the offline engine's (null: they are not; decision 036). */
  options: {
    draftsFallback?: ModelFallback | null;
    /** Per kind, what each generated draft was written with ("Why this draft", decision 037). */
    draftProvenance?: Record<string, DraftProvenance>;
  } = {},
): Promise<Task> {
  const { responses } = saveTaskResponsesInputSchema.parse(input);
  const now = ctx.clock.now();
  const withSources = sources
    ? sql`(${tasks.context} || jsonb_build_object('draftSources', coalesce(${tasks.context} -> 'draftSources', '{}'::jsonb) || ${JSON.stringify(sources)}::jsonb))`
    : sql`${tasks.context}`;
  const { draftsFallback } = options;
  const context =
    draftsFallback === undefined
      ? sources
        ? withSources
        : null
      : draftsFallback
        ? sql`(${withSources} || jsonb_build_object('draftsFallback', ${JSON.stringify(modelFallbackSchema.parse(draftsFallback))}::jsonb))`
        : sql`(${withSources} - 'draftsFallback')`;
  const task = await ctx.db.transaction(async (tx) => {
    // The twin's drafts come with their sources; the user's own save (the composer's) without.
    await keepDraftProvenance(
      tx,
      userId,
      taskId,
      responses,
      sources ? { by: 'twin', provenance: options.draftProvenance ?? {} } : { by: 'user' },
    );
    const [updated] = await tx
      .update(tasks)
      .set({
        responses: sql`${tasks.responses} || ${JSON.stringify(responses)}::jsonb`,
        ...(context ? { context } : {}),
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
      .returning({ id: tasks.id });
    if (!updated) throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
    return getTask(tx, userId, taskId);
  });
  return task;
}

export async function deleteTask(ctx: AppContext, userId: string, taskId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw new AppError('not_found', TASK_NOT_FOUND, { reason: 'task_not_found' });
}
