import { type TaskContext, type TaskPriority } from '@doppel/contracts';
import { and, eq, tasks, users } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { textsIn } from '../../lib/translations';
import { resolveModel } from '../ai-models';
import { analyzeWithModel, OFFLINE_ENGINE, taskSearchText, translateWithModel } from '../engine';
import { detectLanguage, writingLanguage } from '../language';
import { groundIn, type Grounding } from '../knowledge';
import { getTwinVoice } from '../personas';
import { getUserSettings } from '../settings';
import { recentHistory } from '../drafting';
import { getTask } from './task-queries';

export interface RefineOptions {
  /** The creator gave no priority, so the analysis may set it. */
  priorityFromAnalysis: boolean;
}

/**
 * After a task is created with the offline engine's analysis, the user's language model (when
 * one is configured) translates the incoming message into the user's language (auto-translate
 * on; the original is kept in lastMessageOriginal) and rewrites the analysis. It runs in the
 * background: the task is usable at once, and if the model fails or the quota is used up, the
 * offline analysis simply stays.
 */
export async function refineTaskAnalysis(
  ctx: AppContext,
  userId: string,
  taskId: string,
  options: RefineOptions,
): Promise<void> {
  const [user] = await ctx.db
    .select({ fullName: users.fullName, isDemo: users.isDemo })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const [model, task] = await Promise.all([
    resolveModel(ctx, { userId, isDemo: user.isDemo }),
    getTask(ctx.db, userId, taskId),
  ]);
  const grounding = await groundIn(ctx, userId, taskSearchText(task));
  if (model.kind === 'offline')
    return citeInOfflineAnalysis(ctx, userId, taskId, grounding, task.context.lastMessage);

  const [settings, voice] = await Promise.all([getUserSettings(ctx, userId), getTwinVoice(ctx.db, userId)]);
  const { context } = task;
  const patch: Partial<TaskContext> = {};
  let priority: TaskPriority | undefined;

  const message = context.lastMessage?.trim();
  if (settings.autoTranslate && message && !context.lastMessageOriginal) {
    const source = detectLanguage(message);
    if (source && source !== settings.language) {
      patch.lastMessage = await translateWithModel(ctx, userId, model, message, settings.language);
      patch.lastMessageOriginal = message;
    }
  }

  // A High Concept Analysis's summary describes its proposal: the proposal is its analysis.
  if (context.analyzedBy === OFFLINE_ENGINE && task.type !== 'high_concept_analysis') {
    const history = task.contactId ? await recentHistory(ctx, userId, task.contactId) : [];
    const answer = await analyzeWithModel(ctx, userId, model, {
      task,
      history,
      userName: user.fullName || 'the user',
      userLanguage: settings.language,
      voice,
      sources: grounding.sources,
    });
    if (answer.ok) {
      const { analysis } = answer;
      // The model names the contact's language; one Doppel cannot write is answered in English.
      const written = writingLanguage(analysis.language);
      Object.assign(patch, {
        summary: analysis.summary,
        recommendation: analysis.recommendation,
        // The offline engine's kind described its own recommendation, not the model's.
        recommendationKind: undefined,
        language: written.language,
        languageFallback: written.fellBackFrom ? { detected: written.fellBackFrom } : undefined,
        analyzedBy: model.config.model,
        analysisFallback: undefined,
        analysisData: { ...context.analysisData, ...analysis.analysisData },
        ...(grounding.sources.length > 0 && { analysisSources: grounding.sources }),
      });
      if (options.priorityFromAnalysis) priority = analysis.priority;
      await grounding.recordUse(`task:${taskId}`);
    } else {
      // The model's answer failed the schema twice: the offline analysis stays, labelled so.
      patch.analysisFallback = answer.fallback;
    }
  }
  if (Object.keys(patch).length === 0) return;

  await ctx.db.transaction(async (tx) => {
    // Re-read inside the transaction: the user may have changed the task meanwhile.
    const current = await getTask(tx, userId, taskId);
    // A newer message came meanwhile (another process took it in): this analysis answers the
    // older one, and the newer message's own refinement writes its analysis.
    if (current.context.lastMessage !== context.lastMessage) return;
    await tx
      .update(tasks)
      .set({ context: { ...current.context, ...patch }, ...(priority ? { priority } : {}) })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  });
}

/**
 * Without a model the offline analysis stays as written; what the knowledge base holds about
 * the task is cited under it, and the approach points to the best matching document.
 */
async function citeInOfflineAnalysis(
  ctx: AppContext,
  userId: string,
  taskId: string,
  grounding: Grounding,
  analysedMessage: string | undefined,
) {
  const [best] = grounding.sources;
  if (!best) return;
  // The pointer joins the offline analysis, which is written in the user's interface language.
  const { language } = await getUserSettings(ctx, userId);
  const pointer = textsIn(language)('analysis.knowledgePointer', { title: best.title });
  await ctx.db.transaction(async (tx) => {
    const current = await getTask(tx, userId, taskId);
    if (current.context.analyzedBy !== OFFLINE_ENGINE || current.context.lastMessage !== analysedMessage)
      return;
    const approach = current.context.analysisData?.recommendedApproach;
    await tx
      .update(tasks)
      .set({
        context: {
          ...current.context,
          analysisSources: grounding.sources,
          analysisData: {
            ...current.context.analysisData,
            // The engine's approaches are phrases without a full stop; the pointer is a sentence.
            recommendedApproach: approach ? `${approach.replace(/[.!?…]+$/u, '')}. ${pointer}` : pointer,
          },
        },
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId)));
  });
  await grounding.recordUse(`task:${taskId}`);
}

/** Per app: the tasks whose refinement is running, and whether a newer one was asked for meanwhile. */
interface Refining {
  again: boolean;
  options: RefineOptions;
}
const refining = new WeakMap<AppContext, Map<string, Refining>>();

/**
 * Starts refineTaskAnalysis without holding up the request that created the task. A task whose
 * refinement is still running is refined once more when it ends, not alongside: a burst of mail
 * from one contact (a mailbox's first read brings days of it at once) costs the model two calls
 * for the contact, not one per mail, and an older analysis never lands after a newer one.
 */
export function refineTaskAnalysisLater(
  ctx: AppContext,
  userId: string,
  taskId: string,
  options: RefineOptions,
) {
  let running = refining.get(ctx);
  if (!running) refining.set(ctx, (running = new Map<string, Refining>()));
  const current = running.get(taskId);
  if (current) {
    current.again = true;
    current.options = {
      priorityFromAnalysis: current.options.priorityFromAnalysis || options.priorityFromAnalysis,
    };
    return;
  }
  const state: Refining = { again: false, options };
  running.set(taskId, state);
  ctx.background.run('task analysis by model', async () => {
    try {
      do {
        state.again = false;
        await refineTaskAnalysis(ctx, userId, taskId, state.options);
      } while (state.again);
    } catch (error) {
      // A task deleted meanwhile, or a user out of tokens, is not worth a warning.
      if (error instanceof AppError && (error.code === 'not_found' || error.code === 'token_quota_exceeded'))
        return;
      throw error;
    } finally {
      running.delete(taskId);
    }
  });
}
