import {
  generateTaskDraftsInputSchema,
  streamTaskDraftInputSchema,
  translateDraftInputSchema,
  type DraftKind,
  type KnowledgeSource,
  type Task,
  type TaskContext,
  type TranslateDraftInput,
  type TranslateDraftResult,
} from '@doppel/contracts';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { resolveModel } from '../ai-models';
import {
  draftLanguage,
  streamDraft,
  writeOfflineDrafts,
  type DraftBrief,
  type DraftEngine,
  type ProactiveIntent,
} from '../drafting';
import { subjectOf, translateWithModel } from '../engine';
import { saveTaskResponses } from './task-commands';
import { getTask } from './task-queries';

/*
 * The composer's drafts: drafting writes them from what the task describes
 * (modules/drafting); here they are saved onto the task.
 */

const NO_DRAFT_FOR_HIGH_CONCEPT_ANALYSIS =
  'A High Concept Analysis has no message to draft; review its proposal on the Personas page.';

/**
 * Why a proactive task's message is written, which picks its offline opener: a job change is
 * congratulated on, news is mentioned, a campaign lead is introduced to, anyone else checked in on.
 */
export function proactiveIntent(context: TaskContext): ProactiveIntent {
  if (context.triggerType === 'linkedin_job_change') return 'congratulate';
  if (context.triggerType === 'rss_news') return 'news';
  if (context.campaignId) return 'introduce';
  return 'checkIn';
}

/**
 * What drafting is asked to write for a task. A task with nothing to draft (a High Concept
 * Analysis, whose result is a persona proposal) is refused, so every way of drafting — the
 * drafts route, the streamed draft, the agent's /draft, MCP — refuses it before anything is
 * written.
 */
export function draftRequestForTask(task: Task, actor: Actor): DraftBrief {
  // contracts' hasDraft: only a High Concept Analysis has none.
  if (task.type === 'high_concept_analysis')
    throw new AppError('conflict', NO_DRAFT_FOR_HIGH_CONCEPT_ANALYSIS, { reason: 'nothing_to_draft' });
  const about = subjectOf(task);
  const common = {
    actor,
    about,
    foundLanguage: task.context.language,
    usedBy: `task:${task.id}`,
    campaignId: task.context.campaignId,
  };
  return task.type === 'proactive_message'
    ? { ...common, type: task.type, intent: proactiveIntent(task.context) }
    : { ...common, type: task.type };
}

/**
 * Fills draft responses ("generate quick", "generate detailed") with the offline engine and
 * merges them into the task's responses. Model-written drafts stream through startTaskDraft.
 */
export async function generateTaskDrafts(
  ctx: AppContext,
  actor: Actor,
  taskId: string,
  input: { kinds: DraftKind[] },
): Promise<Task> {
  const { kinds } = generateTaskDraftsInputSchema.parse(input);
  const task = await getTask(ctx.db, actor.userId, taskId);
  const drafts = await writeOfflineDrafts(ctx, draftRequestForTask(task, actor), kinds);
  const saved = await saveTaskResponses(
    ctx,
    actor.userId,
    taskId,
    { responses: drafts.texts },
    Object.fromEntries(kinds.map((kind) => [kind, drafts.sources])),
    { draftProvenance: drafts.provenance },
  );
  await drafts.recordUse();
  return saved;
}

export interface TaskDraft {
  engine: DraftEngine;
  /** The knowledge-base passages the draft draws on, cited under it. */
  sources: KnowledgeSource[];
  /** The draft as it is written: the model's deltas, or the offline draft at once. */
  textStream: AsyncIterable<string>;
  /** Merges the finished draft into the task's responses under its kind. */
  save: (text: string) => Promise<Task>;
}

/**
 * Starts writing one draft of a task ("Generate quick/detailed" in the composer, the agent's
 * /draft, MCP's draft_reply, a campaign's outreach): through the user's model, streamed, when
 * one is configured; by the offline engine otherwise (and in demo mode). Everything that can
 * refuse — unknown task, a task with nothing to draft, quota, demo rules — throws here, before
 * anything is streamed, so the route can still answer with a plain error.
 */
export async function startTaskDraft(
  ctx: AppContext,
  actor: Actor,
  taskId: string,
  input: { kind: DraftKind },
  signal?: AbortSignal,
): Promise<TaskDraft> {
  const { kind } = streamTaskDraftInputSchema.parse(input);
  const task = await getTask(ctx.db, actor.userId, taskId);
  const draft = await streamDraft(ctx, { ...draftRequestForTask(task, actor), kind }, signal);
  const save = async (text: string) => {
    const saved = await saveTaskResponses(
      ctx,
      actor.userId,
      taskId,
      { responses: { [kind]: text.trim() } },
      { [kind]: draft.sources },
      { draftProvenance: { [kind]: draft.provenance } },
    );
    await draft.recordUse();
    return saved;
  };
  return { engine: draft.engine, sources: draft.sources, textStream: draft.textStream, save };
}

/**
 * The composer's Translate button: the user's draft into the language the task is answered in
 * (the response language setting, else the contact's). Needs a language model — the offline
 * engine cannot translate, and says so rather than pretend.
 */
export async function translateDraft(
  ctx: AppContext,
  actor: Actor,
  taskId: string,
  input: TranslateDraftInput,
): Promise<TranslateDraftResult> {
  const { text } = translateDraftInputSchema.parse(input);
  const task = await getTask(ctx.db, actor.userId, taskId);
  const model = await resolveModel(ctx, actor);
  if (model.kind === 'offline') throw new AppError('ai_model_required');
  const language = await draftLanguage(ctx, actor.userId, {
    found: task.context.language,
    contact: task.contact?.language,
  });
  const translated = await translateWithModel(ctx, actor.userId, model, text, language);
  return { text: translated, language, model: model.config.model };
}
