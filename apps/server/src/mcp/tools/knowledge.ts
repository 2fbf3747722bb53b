import { z } from 'zod';
import { documentCategorySchema, documentSchema, searchMatches, searchModes } from '@doppel/contracts';
import { getDocument, searchKnowledge, toSource } from '../../modules/knowledge';
import { defineTool } from './define-tool';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export const searchKnowledgeBaseTool = defineTool({
  name: 'search_knowledge_base',
  description:
    "Search of the user's Doppel knowledge base (their documents, links and written thoughts): by words, and by " +
    'meaning too when the user has a search model (mode hybrid). Returns the best-matching passage of each ' +
    'matching document, best first, with the document id, title and a 0–1 score; pass the id to get_document ' +
    'for the whole document.',
  permission: { resource: 'knowledge_base', action: 'read' },
  inputSchema: z.object({
    query: z.string().trim().min(1).max(200).describe('Words to look for, in any of the indexed languages'),
    limit: z.number().int().min(1).max(50).default(5).describe('How many passages at most (default 5)'),
  }),
  outputSchema: z.object({
    searchable: z.boolean().describe('False when the user has no processed documents yet'),
    mode: z.enum(searchModes).describe('hybrid: by words and meaning; full_text: by words only'),
    passages: z.array(
      z.object({
        documentId: z.string(),
        title: z.string(),
        category: documentCategorySchema,
        snippet: z.string(),
        rank: z.number(),
        score: z.number().describe('How well the passage answers, 0–1'),
        match: z.enum(searchMatches).describe('Found by its words (text), its meaning, or both'),
      }),
    ),
  }),
  annotations: { title: 'Search knowledge base', ...READ_ONLY },
  run: async ({ query, limit }, { ctx, auth }) => {
    const result = await searchKnowledge(ctx, auth.userId, query, limit);
    return {
      searchable: result.searchable,
      mode: result.mode,
      // Highlight marks are for the web app; a model reads the plain passage.
      passages: result.hits.map((hit) => ({
        ...toSource(hit),
        score: hit.score,
        category: hit.category,
        rank: hit.rank,
        match: hit.match,
      })),
    };
  },
});

export const getDocumentTool = defineTool({
  name: 'get_document',
  description:
    "One document of the user's knowledge base by id: its name, category, type, status, summary, key topics, " +
    'source URL and the beginning of its text.',
  permission: { resource: 'knowledge_base', action: 'read' },
  inputSchema: z.object({ id: z.uuid().describe('The document id, as search_knowledge_base returns it') }),
  outputSchema: documentSchema,
  annotations: { title: 'Get document', ...READ_ONLY },
  run: async ({ id }, { ctx, auth }) => getDocument(ctx.db, auth.userId, id),
});
