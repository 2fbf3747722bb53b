import {
  createTaskInputSchema,
  type CreateTaskInput,
  type TaskAssignee,
  type TaskContext,
  type TaskPriority,
  type TaskStatus,
  type InterfaceLanguage,
  type TaskType,
} from '@doppel/contracts';
import { and, contacts, eq, inArray, ne, sql, tasks, userSettings, type DbOrTx } from '@doppel/db';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { OFFLINE_ENGINE, withAnalysis } from '../engine';

/*
 * The tasks module owns the tasks table: every task comes to be, changes status and is filled
 * in through these functions, inside the caller's transaction — whether a person, a messenger,
 * a signal, a campaign, a persona analysis, the demo, the public API, MCP or the agent made it.
 */

/** The user's interface language: the offline analysis of their tasks is written in it. */
export async function interfaceLanguageOf(tx: DbOrTx, userId: string): Promise<InterfaceLanguage> {
  const [settings] = await tx
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return settings?.language ?? 'en';
}

/** A new task as its source describes it; validated with the API's limits before it is written. */
export type TaskDraft = CreateTaskInput;

export interface InsertedTask {
  id: string;
  /**
   * Whether a configured model should refine the offline analysis now (refineTaskAnalysisLater),
   * and whether it may then set the priority (the source did not choose one).
   */
  refine: { priorityFromAnalysis: boolean } | null;
}

/**
 * Writes a task, analysed at once by the offline engine (engine/analyze-task.ts). A contact the
 * user does not own is refused as a validation error on `contactId` — or, with
 * `dropUnknownContact` (a signal whose contact was removed meanwhile), the task has none.
 */
export async function insertTask(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  draft: TaskDraft,
  now: Date,
  options: { dropUnknownContact?: boolean } = {},
): Promise<InsertedTask> {
  const { userId } = actor;
  const data = createTaskInputSchema.parse(draft);
  let contact: { name: string; language: string } | null = null;
  if (data.contactId) {
    [contact = null] = await tx
      .select({ name: contacts.name, language: contacts.language })
      .from(contacts)
      .where(and(eq(contacts.id, data.contactId), eq(contacts.userId, userId)));
    if (!contact && !options.dropUnknownContact) {
      throw new AppError('validation_failed', undefined, { fields: { contactId: 'contactNotFound' } });
    }
  }
  const analyzed = withAnalysis(
    { type: data.type, context: data.context, contact },
    await interfaceLanguageOf(tx, userId),
  );
  const [created] = await tx
    .insert(tasks)
    .values({
      userId,
      contactId: contact ? data.contactId! : null,
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
  const refine =
    analyzed.context.analyzedBy === OFFLINE_ENGINE || analyzed.context.lastMessage
      ? { priorityFromAnalysis: data.priority === undefined }
      : null;
  return { id: created!.id, refine };
}

/** A sample task of a demo sandbox, written as it is (its analysis comes with it). */
export interface SampleTaskRow {
  type: TaskType;
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  context: TaskContext;
  contactId: string | null;
  createdAt: Date;
}

export async function insertSampleTasks(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  rows: SampleTaskRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(tasks).values(
    rows.map((row) => ({
      ...row,
      userId: actor.userId,
      updatedAt: row.createdAt,
      completedAt: row.status === 'completed' ? row.createdAt : null,
    })),
  );
}

/**
 * Any status may become any other; completed stamps completed_at (keeping the first completion
 * time), leaving it clears it. Answers whether the user has such a task.
 */
export async function setTaskStatus(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  taskId: string,
  status: TaskStatus,
  now: Date,
): Promise<boolean> {
  return changeTaskFields(tx, actor, taskId, { status }, now);
}

/** The fields of a task its owner sets by hand; undefined leaves a field as it is. */
export interface TaskFieldChanges {
  status?: TaskStatus;
  assignee?: TaskAssignee | null;
  dueAt?: Date | null;
}

/** Status by setTaskStatus's rules, assignee and due date. Answers whether the user has such a task. */
export async function changeTaskFields(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  taskId: string,
  changes: TaskFieldChanges,
  now: Date,
): Promise<boolean> {
  const { status, assignee, dueAt } = changes;
  const [updated] = await tx
    .update(tasks)
    .set({
      updatedAt: now,
      ...(status !== undefined && {
        status,
        completedAt:
          status === 'completed'
            ? sql`coalesce(${tasks.completedAt}, ${now.toISOString()}::timestamptz)`
            : null,
      }),
      ...(assignee !== undefined && { assignee }),
      ...(dueAt !== undefined && { dueAt }),
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, actor.userId)))
    .returning({ id: tasks.id });
  return Boolean(updated);
}

/**
 * Completes the user's tasks among `taskIds` that are not completed yet; other users' ids
 * match nothing. Answers how many it completed.
 */
export async function completeTasks(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  taskIds: string[],
  now: Date,
): Promise<number> {
  const completed = await tx
    .update(tasks)
    .set({ status: 'completed', updatedAt: now, completedAt: now })
    .where(and(inArray(tasks.id, taskIds), eq(tasks.userId, actor.userId), ne(tasks.status, 'completed')))
    .returning({ id: tasks.id });
  return completed.length;
}

/** Deletes the user's tasks among `taskIds`; answers how many there were. */
export async function deleteTasks(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId'>,
  taskIds: string[],
): Promise<number> {
  const deleted = await tx
    .delete(tasks)
    .where(and(inArray(tasks.id, taskIds), eq(tasks.userId, actor.userId)))
    .returning({ id: tasks.id });
  return deleted.length;
}
