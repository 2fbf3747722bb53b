import { z } from 'zod';

/** Spec §3 Document: category. */
export const documentCategories = ['thoughts', 'documents', 'articles', 'references', 'links'] as const;
export const documentCategorySchema = z.enum(documentCategories);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** Spec §3 Document: type (plus txt for plain-text uploads and thought for written notes). */
export const documentTypes = ['md', 'txt', 'pdf', 'docx', 'youtube', 'article', 'link', 'thought'] as const;
export const documentTypeSchema = z.enum(documentTypes);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Spec §4 Document status. */
export const documentStatuses = ['pending', 'processing', 'processed', 'error'] as const;
export const documentStatusSchema = z.enum(documentStatuses);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: documentCategorySchema,
  type: documentTypeSchema,
  /** Bytes of the original (the spec shows MB with 2 decimals). */
  size: z.number().int(),
  uploadDate: z.string(),
  status: documentStatusSchema,
  /** Why processing failed, when status is error. */
  errorReason: z.string().nullable(),
  summary: z.string(),
  /** 0–100 (see docs/decisions for the rule). */
  quality: z.number().int(),
  keyTopics: z.array(z.string()),
  url: z.string().nullable(),
  contentPreview: z.string(),
  language: z.string().nullable(),
  usageStats: z.object({
    requests: z.number().int(),
    /** Running average of the match scores of the passages used, 0–1. */
    relevance: z.number(),
    /** Distinct tasks and chats the document served. */
    connections: z.number().int(),
  }),
  isSample: z.boolean(),
});
export type KnowledgeDocument = z.infer<typeof documentSchema>;

/** A written note (spec §2 add material: add a thought). */
export const createThoughtInputSchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    content: z.string().trim().min(1, 'contentRequired').max(100_000, 'tooLong'),
  })
  .strict();
export type CreateThoughtInput = z.infer<typeof createThoughtInputSchema>;

export const knowledgeSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1, 'queryRequired').max(200),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();
export type KnowledgeSearchQuery = z.input<typeof knowledgeSearchQuerySchema>;

export const knowledgeSearchHitSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  category: documentCategorySchema,
  /** The passage with the matched words between [[ and ]], for highlighting. */
  snippet: z.string(),
  rank: z.number(),
});
export type KnowledgeSearchHit = z.infer<typeof knowledgeSearchHitSchema>;

export const knowledgeSearchResultSchema = z.object({
  /** Processed documents the user has; 0 means there is nothing to search yet. */
  documentCount: z.number().int(),
  hits: z.array(knowledgeSearchHitSchema),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;
