import type { KnowledgeSearchHit, KnowledgeSource } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { passageTexts, recordKnowledgeUse, searchPassages, toSource } from './search-knowledge';
import { aboutQuery } from './text-analysis';
import { cutText } from '../../lib/text';

/** How many passages the twin reads before it writes. */
const GROUNDING_PASSAGES = 3;

/** How much of the text is asked about by meaning: a long mail's opening says what it wants. */
const MEANING_QUERY_CHARS = 2000;

/**
 * A passage found by meaning alone is cited only this close to the text (cosine similarity):
 * search by meaning always has nearest passages, and a draft must not cite unrelated notes.
 */
const MIN_MEANING_SIMILARITY = 0.3;

export interface Grounding {
  hits: KnowledgeSearchHit[];
  sources: KnowledgeSource[];
  /** Counts the use of these passages for the task or chat they served. */
  recordUse: (subject: string) => Promise<void>;
}

const NONE: Grounding = { hits: [], sources: [], recordUse: async () => undefined };

/**
 * The user's knowledge-base passages about a text (a task's message and trigger, a question
 * to the twin), for drafting, analysis and chat to draw on and cite, each with its score.
 * Searched by words and, with a search model, by the text's meaning. Nothing when the user has
 * no documents or nothing answers.
 */
export async function groundIn(ctx: AppContext, userId: string, text: string): Promise<Grounding> {
  const meaning = cutText(text.trim(), MEANING_QUERY_CHARS);
  if (!meaning) return NONE;
  // By words: any of the text's meaningful words may match, so a long message still finds the
  // passages on one of its points. By meaning: the text itself.
  const words = aboutQuery(text);
  const result = await searchPassages(ctx, userId, { words, meaning }, GROUNDING_PASSAGES);
  const hits = result.hits.filter((hit) => hit.match !== 'meaning' || hit.score >= MIN_MEANING_SIMILARITY);
  if (hits.length === 0) return NONE;
  // The twin reads, quotes and cites whole passages: a search snippet is cut mid-sentence and
  // loses the headings and tables that tell prose apart (decision 040).
  const texts = await passageTexts(
    ctx,
    userId,
    hits.map((hit) => hit.passageId),
  );
  return {
    hits,
    sources: hits.map((hit) => ({
      ...toSource(hit),
      snippet: texts.get(hit.passageId) ?? toSource(hit).snippet,
    })),
    recordUse: (subject) => recordKnowledgeUse(ctx, hits, subject),
  };
}

/** The passages as a model is shown them. */
export function describePassages(sources: KnowledgeSource[]): string[] {
  if (sources.length === 0) return [];
  return [
    "From the user's knowledge base (use what helps; these are their own notes, so do not quote private details the contact should not see):",
    ...sources.map((source, index) => `[${index + 1}] ${source.title}: ${source.snippet}`),
  ];
}
