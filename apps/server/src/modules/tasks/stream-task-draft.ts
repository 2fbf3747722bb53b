import {
  streamTaskDraftInputSchema,
  type DraftKind,
  type KnowledgeSource,
  type Task,
} from '@doppel/contracts';
import { and, communicationHistory, desc, eq, users } from '@doppel/db';
import type { AppContext } from '../../lib/context';
import { yieldOnce } from '../../lib/yield-once';
import { streamForUser } from '../ai-models/call-model';
import { resolveModel } from '../ai-models/resolve-model';
import type { AuthenticatedUser } from '../auth/sessions';
import { buildDraftPrompt, taskSearchText, type HistoryLine } from '../engine/draft-prompt';
import { groundIn } from '../knowledge/ground';
import { getTwinVoice } from '../personas/persona-queries';
import { assertDraftable, draftLanguage, offlineDraft } from './generate-task-drafts';
import { saveTaskResponses } from './task-commands';
import { getTask } from './task-queries';

/** How many recent messages with the contact a model reads (drafts and analysis). */
const HISTORY_LINES = 12;

export interface TaskDraft {
  engine: { kind: 'offline' | 'model'; model: string | null };
  /** The knowledge-base passages the draft draws on, cited under it. */
  sources: KnowledgeSource[];
  /** The draft as it is written: the model's deltas, or the offline draft at once. */
  textStream: AsyncIterable<string>;
  /** Merges the finished draft into the task's responses under its kind. */
  save: (text: string) => Promise<Task>;
}

export async function recentHistory(
  ctx: AppContext,
  userId: string,
  contactId: string,
): Promise<HistoryLine[]> {
  const rows = await ctx.db
    .select({
      direction: communicationHistory.direction,
      text: communicationHistory.text,
      occurredAt: communicationHistory.occurredAt,
    })
    .from(communicationHistory)
    .where(and(eq(communicationHistory.userId, userId), eq(communicationHistory.contactId, contactId)))
    .orderBy(desc(communicationHistory.occurredAt))
    .limit(HISTORY_LINES);
  return rows.reverse();
}

/**
 * Starts writing one draft of a task ("Generate quick/detailed" in the composer): through the
 * user's model, streamed, when one is configured; by the offline engine otherwise (and in demo
 * mode). Everything that can refuse — unknown task, a task with nothing to draft (a High
 * Concept Analysis), quota, demo rules — throws here, before anything is streamed, so the route
 * can still answer with a plain error.
 */
export async function startTaskDraft(
  ctx: AppContext,
  auth: AuthenticatedUser,
  taskId: string,
  input: { kind: DraftKind },
  signal?: AbortSignal,
): Promise<TaskDraft> {
  const { kind } = streamTaskDraftInputSchema.parse(input);
  const task = await getTask(ctx.db, auth.userId, taskId);
  assertDraftable(task);
  const [language, voice, grounding] = await Promise.all([
    draftLanguage(ctx, auth.userId, task),
    getTwinVoice(ctx.db, auth.userId),
    groundIn(ctx, auth.userId, taskSearchText(task)),
  ]);
  const { sources } = grounding;
  const save = async (text: string) => {
    const saved = await saveTaskResponses(
      ctx,
      auth.userId,
      taskId,
      { responses: { [kind]: text.trim() } },
      { [kind]: sources },
    );
    await grounding.recordUse(`task:${taskId}`);
    return saved;
  };
  const model = await resolveModel(ctx, auth);
  if (model.kind === 'offline') {
    return {
      engine: { kind: 'offline', model: null },
      sources,
      textStream: yieldOnce(offlineDraft(task, language, kind, voice, sources)),
      save,
    };
  }
  const [user] = await ctx.db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, auth.userId));
  const history = task.contactId ? await recentHistory(ctx, auth.userId, task.contactId) : [];
  const { system, prompt } = buildDraftPrompt({
    task,
    kind,
    language,
    userName: user?.fullName ?? 'the user',
    voice,
    history,
    sources,
  });
  const stream = await streamForUser(ctx, auth.userId, model, {
    purpose: 'draft',
    system,
    prompt,
    signal,
    campaignId: task.context.campaignId,
  });
  return {
    engine: { kind: 'model', model: model.config.model },
    sources,
    textStream: stream.textStream,
    save,
  };
}
