import {
  modelAnalysisSchema,
  type KnowledgeSource,
  type ModelFallback,
  type Task,
  type TemplateLanguage,
} from '@doppel/contracts';
import { describePassages } from '../knowledge';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { generateForUser, generateObjectForUser } from '../ai-models';
import type { ProviderModel } from '../ai-models';
import { describeTask, LANGUAGE_NAMES, type HistoryLine } from './draft-prompt';
import { describeGoals, type Voice } from './persona-voice';
import type { TaskAnalysis } from './offline-analysis';

/** Like the offline engine's, but the contact's language may be any, not only the five of the UI. */
// A model writes its own recommendation; its colour comes from the markers it uses (no kind).
export type ModelAnalysis = Omit<TaskAnalysis, 'language' | 'recommendationKind'> & { language: string };

/**
 * A language model's analysis of a new task: summary and recommendation in the
 * user's language, opportunity, approach, priority and the contact's language — a structured
 * answer (contracts' modelAnalysisSchema), metered as 'analysis'. An answer that fails the
 * schema, and its one repair too, comes back as `ok: false` with the label the task carries
 * when the offline analysis stays.
 */
export async function analyzeWithModel(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  input: {
    task: Task;
    history: HistoryLine[];
    userName: string;
    userLanguage: TemplateLanguage;
    voice: Voice | null;
    /** Knowledge-base passages about the task. */
    sources?: KnowledgeSource[];
  },
): Promise<{ ok: true; analysis: ModelAnalysis } | { ok: false; fallback: ModelFallback }> {
  const system = [
    `You analyse outreach tasks for ${input.userName}, whose digital twin you are.`,
    ...(input.voice ? describeGoals(input.voice) : []),
    ...describePassages(input.sources ?? []),
    'Answer with one JSON object of the given schema and nothing else, with these keys:',
    `"summary": one or two sentences on what happened and what is at stake, in ${LANGUAGE_NAMES[input.userLanguage]};`,
    `"recommendation": starts with exactly one of 24H, URGENT, OPPORTUNITY or SOCIAL and a colon, then the next step in a few words, in ${LANGUAGE_NAMES[input.userLanguage]} — 24H or URGENT when an answer is due within a day, OPPORTUNITY for business potential, SOCIAL for community engagement;`,
    '"opportunityType": the kind of opportunity in two to four words;',
    '"recommendedApproach": how to answer, in one sentence;',
    '"priority": "high", "medium" or "low";',
    '"language": the ISO 639-1 code of the language the contact writes in (or of the contact, when they wrote nothing).',
  ].join('\n');
  const answer = await generateObjectForUser(ctx, userId, model, {
    purpose: 'analysis',
    system,
    prompt: describeTask(input.task, input.history).join('\n'),
    // Analysis is judgement, not style: keep it steady whatever the drafting temperature.
    temperature: 0.2,
    campaignId: input.task.context.campaignId,
    schema: modelAnalysisSchema,
    schemaName: 'task_analysis',
  });
  if (!answer.ok) return { ok: false, fallback: { reason: answer.reason, model: answer.model } };
  const { summary, recommendation, opportunityType, recommendedApproach, priority, language } = answer.object;
  return {
    ok: true,
    analysis: {
      summary,
      recommendation,
      priority,
      language,
      analysisData: { opportunityType, recommendedApproach },
    },
  };
}

/** A translation by the user's model, metered as 'translation'. Only the translated text returns. */
export async function translateWithModel(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  text: string,
  into: TemplateLanguage,
): Promise<string> {
  const answer = await generateForUser(ctx, userId, model, {
    purpose: 'translation',
    system: `Translate the user's text into ${LANGUAGE_NAMES[into]}. Keep its meaning, tone, names, numbers and line breaks. Output only the translation.`,
    prompt: text,
    temperature: 0,
  });
  const translation = answer.text.trim();
  if (!translation)
    throw new AppError('ai_provider_failed', `${model.config.model} returned an empty translation`, {
      reason: 'empty_translation',
    });
  return translation;
}
