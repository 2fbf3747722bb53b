import type { AppContext } from '../../lib/context';

export interface KnowledgePassage {
  documentId: string;
  title: string;
  snippet: string;
}

export interface KnowledgeSearchResult {
  /** Processed documents the user has; 0 means there is nothing to search yet. */
  documentCount: number;
  passages: KnowledgePassage[];
}

/**
 * Full-text search over the user's knowledge base: what /search, the twin's search_knowledge
 * tool and draft grounding read. Documents, their passages and the index arrive with the
 * knowledge-base issue (#5); until then no user has a document, and this says so.
 */
export async function searchKnowledge(
  _ctx: AppContext,
  _userId: string,
  _query: string,
  _limit = 5,
): Promise<KnowledgeSearchResult> {
  return { documentCount: 0, passages: [] };
}
