import { z } from 'zod';
import { linkedinPostKinds, redditCommentKinds, redditPostKinds } from './reply-templates';
import { taskPrioritySchema } from './tasks';

/*
 * What a language model must answer when the server asks for structured output (AI SDK
 * `Output.object`, the schema sent on the wire: OpenAI's response_format json_schema,
 * Anthropic's output format or JSON tool). An answer that fails the schema gets one repair
 * attempt, then the offline engine's result stands, labelled (docs/decisions/036).
 */

/** A task's analysis by a model: summary and recommendation in the user's language. */
export const modelAnalysisSchema = z.object({
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
  /** ISO 639-1 code of the language the contact writes in. */
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/),
});
export type ModelAnalysisAnswer = z.infer<typeof modelAnalysisSchema>;

/** The post kinds a post task's suggestions are written in, one draft each. */
export const postSuggestionKinds = {
  linkedin_post: linkedinPostKinds,
  reddit_post: redditPostKinds,
  reddit_comment: redditCommentKinds,
} as const;
export type PostSuggestionType = keyof typeof postSuggestionKinds;

const suggestion = z.string().trim().min(1).max(20_000);

/** A post task's suggestions by a model: one text per post kind of its type. */
export function postSuggestionsSchema(type: PostSuggestionType) {
  return z
    .object(Object.fromEntries(postSuggestionKinds[type].map((kind) => [kind, suggestion])))
    .strict() as z.ZodType<Record<string, string>>;
}
