import {
  taskPrioritySchema,
  type KnowledgeSource,
  type Task,
  type TemplateLanguage,
} from '@doppel/contracts';
import { describePassages } from '../knowledge';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { generateForUser } from '../ai-models';
import type { ProviderModel } from '../ai-models';
import { describeTask, LANGUAGE_NAMES, type HistoryLine } from './draft-prompt';
import { describeGoals, type Voice } from './persona-voice';
import type { TaskAnalysis } from './offline-analysis';
import { cutText } from '../../lib/text';

/** What the model must answer; anything else is refused rather than stored half-right. */
const modelAnalysisSchema = z.object({
  summary: z.string().trim().min(1).max(1000),
  recommendation: z
    .string()
    .trim()
    .max(500)
    // The web app colours the recommendation by this vocabulary.
    .regex(/^(24H|URGENT|OPPORTUNITY|SOCIAL)\b/),
  opportunityType: z.string().trim().min(1).max(200),
  recommendedApproach: z.string().trim().min(1).max(1000),
  priority: taskPrioritySchema,
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/),
});

/** Like the offline engine's, but the contact's language may be any, not only the five of the UI. */
export type ModelAnalysis = Omit<TaskAnalysis, 'language'> & { language: string };

/** The first JSON object in a model's answer: models like to wrap it in prose or code fences. */
export function jsonObjectIn(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

/**
 * A language model's analysis of a new task: summary and recommendation in the
 * user's language, opportunity, approach, priority and the contact's language. Metered as
 * 'analysis'. An answer that is not the asked shape is an ai_provider_failed error.
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
): Promise<ModelAnalysis> {
  const system = [
    `You analyse outreach tasks for ${input.userName}, whose digital twin you are.`,
    ...(input.voice ? describeGoals(input.voice) : []),
    ...describePassages(input.sources ?? []),
    'Answer with one JSON object and nothing else, with these keys:',
    `"summary": one or two sentences on what happened and what is at stake, in ${LANGUAGE_NAMES[input.userLanguage]};`,
    `"recommendation": starts with exactly one of 24H, URGENT, OPPORTUNITY or SOCIAL and a colon, then the next step in a few words, in ${LANGUAGE_NAMES[input.userLanguage]} — 24H or URGENT when an answer is due within a day, OPPORTUNITY for business potential, SOCIAL for community engagement;`,
    '"opportunityType": the kind of opportunity in two to four words;',
    '"recommendedApproach": how to answer, in one sentence;',
    '"priority": "high", "medium" or "low";',
    '"language": the ISO 639-1 code of the language the contact writes in (or of the contact, when they wrote nothing).',
  ].join('\n');
  const answer = await generateForUser(ctx, userId, model, {
    purpose: 'analysis',
    system,
    prompt: describeTask(input.task, input.history).join('\n'),
    // Analysis is judgement, not style: keep it steady whatever the drafting temperature.
    temperature: 0.2,
    campaignId: input.task.context.campaignId,
  });
  const parsed = modelAnalysisSchema.safeParse(jsonObjectIn(answer.text));
  if (!parsed.success) {
    throw new AppError(
      'ai_provider_failed',
      `${model.config.model} did not answer with the analysis format: ${cutText(answer.text, 200)}`,
    );
  }
  const { summary, recommendation, opportunityType, recommendedApproach, priority, language } = parsed.data;
  return {
    summary,
    recommendation,
    priority,
    language,
    analysisData: { opportunityType, recommendedApproach },
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
    throw new AppError('ai_provider_failed', `${model.config.model} returned an empty translation`);
  return translation;
}
