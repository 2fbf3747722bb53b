import type { KnowledgeSearchHit, KnowledgeSource } from '@doppel/contracts';
import type { AppContext } from '../../lib/context';
import { recordKnowledgeUse, searchKnowledge, toSource } from './search-knowledge';
import { aboutQuery } from './text-analysis';
import { cutText } from '../../lib/text';

/** How many passages the twin reads before it writes. */
const GROUNDING_PASSAGES = 3;

export interface Grounding {
  hits: KnowledgeSearchHit[];
  sources: KnowledgeSource[];
  /** Counts the use of these passages for the task or chat they served. */
  recordUse: (subject: string) => Promise<void>;
}

const NONE: Grounding = { hits: [], sources: [], recordUse: async () => undefined };

/**
 * The user's knowledge-base passages about a text (a task's message and trigger, a question
 * to the twin), for drafting, analysis and chat to draw on and cite. Nothing when the user has
 * no documents or the text has no words to search by.
 */
export async function groundIn(ctx: AppContext, userId: string, text: string): Promise<Grounding> {
  const query = aboutQuery(text);
  if (!query) return NONE;
  const { hits } = await searchKnowledge(ctx, userId, cutText(query, 200), GROUNDING_PASSAGES);
  if (hits.length === 0) return NONE;
  return {
    hits,
    sources: hits.map(toSource),
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
