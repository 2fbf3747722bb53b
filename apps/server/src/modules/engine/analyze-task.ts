import type { InterfaceLanguage, TaskContext, TaskPriority, TaskType } from '@doppel/contracts';
import { languageFallbackOf, languageToAnswer, writingLanguage } from '../language';
import { analyzeOffline } from './offline-analysis';

/** How the offline engine signs what it wrote, so the interface never passes it off as a model's. */
export const OFFLINE_ENGINE = 'offline';

export interface TaskToAnalyze {
  type: TaskType;
  context: TaskContext;
  contact: { name: string; language: string } | null;
}

function hasSomethingToRead(context: TaskContext): boolean {
  const trigger = context.triggerData ?? {};
  return Boolean(context.lastMessage?.trim() || Object.values(trigger).some((value) => String(value).trim()));
}

/**
 * What the analysis reads, and detects the language of: the message — its original wording,
 * which says most about the language (the translation reads the same otherwise) — else the
 * signal's own words (the post, the headline, the LinkedIn activity), so a signal is answered
 * in the language it was written in rather than only the contact's.
 */
function textToRead(context: TaskContext): string | undefined {
  const trigger = context.triggerData ?? {};
  const candidates = [
    context.lastMessageOriginal,
    context.lastMessage,
    trigger.originalPost,
    trigger.newsTitle,
    trigger.linkedinActivity,
  ];
  return candidates.find((text) => text?.trim());
}

/**
 * The one analysis every source of tasks goes through (messengers, signals, campaigns, manual
 * creation): fills what the context does not already say — summary, recommendation,
 * opportunity type, approach and the language to answer in. A task with nothing to read (a
 * to-do typed on the board) is left as it is.
 *
 * This is the offline engine, synchronous so a task is never created without an analysis; when
 * the user has a language model, tasks/refine-task-analysis.ts rewrites it in the background.
 * `priority` is the one the analysis suggests, for sources that do not set their own.
 */
export function withAnalysis(
  task: TaskToAnalyze,
  /** The user's interface language: the analysis is written in it. */
  interfaceLanguage: InterfaceLanguage = 'en',
): { context: TaskContext; priority: TaskPriority | null } {
  const { context } = task;
  if (!hasSomethingToRead(context)) return { context, priority: null };
  const analysis = analyzeOffline(
    {
      type: task.type,
      triggerType: context.triggerType,
      text: textToRead(context),
      contactName: task.contact?.name,
      contactLanguage: task.contact?.language,
      triggerData: context.triggerData,
    },
    interfaceLanguage,
  );
  // The language to answer in — the source's, else the message's, else the contact's — as
  // Doppel can write it: one it cannot is answered in English, and the task says so.
  const written = context.language
    ? writingLanguage(context.language)
    : languageToAnswer(textToRead(context), task.contact?.language);
  const analyzed: TaskContext = {
    ...context,
    analyzedBy: context.summary && context.recommendation ? context.analyzedBy : OFFLINE_ENGINE,
    summary: context.summary ?? analysis.summary,
    recommendation: context.recommendation ?? analysis.recommendation,
    // The kind goes with the recommendation it describes.
    ...(context.recommendation
      ? context.recommendationKind && { recommendationKind: context.recommendationKind }
      : { recommendationKind: analysis.recommendationKind }),
    language: written.language,
    ...languageFallbackOf(written),
    analysisData: {
      ...context.analysisData,
      opportunityType: context.analysisData?.opportunityType ?? analysis.analysisData.opportunityType,
      recommendedApproach:
        context.analysisData?.recommendedApproach ?? analysis.analysisData.recommendedApproach,
    },
  };
  return { context: analyzed, priority: analysis.priority };
}
