import { z } from 'zod';
import { documentErrorCodes } from './error-codes';

/** Document: category. */
export const documentCategories = ['thoughts', 'documents', 'articles', 'references', 'links'] as const;
export const documentCategorySchema = z.enum(documentCategories);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

/** Document: type (plus txt for plain-text uploads and thought for written notes). */
export const documentTypes = ['md', 'txt', 'pdf', 'docx', 'youtube', 'article', 'link', 'thought'] as const;
export const documentTypeSchema = z.enum(documentTypes);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** Document status. */
export const documentStatuses = ['pending', 'processing', 'processed', 'error'] as const;
export const documentStatusSchema = z.enum(documentStatuses);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

export const documentErrorCodeSchema = z.enum(documentErrorCodes);
export type DocumentErrorCode = z.infer<typeof documentErrorCodeSchema>;

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
  errorCode: documentErrorCodeSchema.nullable(),
  /** The same in English, for API clients; the web app words errorCode itself. */
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

/** A written note. */
export const createThoughtInputSchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    content: z.string().trim().min(1, 'contentRequired').max(100_000, 'tooLong'),
  })
  .strict();
export type CreateThoughtInput = z.infer<typeof createThoughtInputSchema>;

/** Files the knowledge base takes, by the type their content shows. */
export const uploadableDocumentTypes = ['md', 'txt', 'pdf', 'docx'] as const;
/** Largest file one upload may carry, and what one user may keep in all (bytes, of originals). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const KNOWLEDGE_QUOTA_BYTES = 200 * 1024 * 1024;
/** Files per upload request. */
export const MAX_FILES_PER_UPLOAD = 10;

/**
 * Why one file of an upload was refused (each file is reported on its own):
 * too_large — over MAX_UPLOAD_BYTES; quota_exceeded — the user's KNOWLEDGE_QUOTA_BYTES would be
 * passed; unsupported_type — the content is none of md, txt, pdf, docx whatever its name says;
 * empty — no bytes.
 */
export const uploadErrorCodes = [
  'too_large',
  'quota_exceeded',
  'unsupported_type',
  'empty',
  // The file store could not take the file (decision 026): the file was not added; try again.
  'storage_unavailable',
] as const;
export const uploadErrorCodeSchema = z.enum(uploadErrorCodes);
export type UploadErrorCode = z.infer<typeof uploadErrorCodeSchema>;

/**
 * Categories a user may file an upload under (multipart text field `category`, before the files;
 * default documents).
 */
export const uploadCategories = ['documents', 'references'] as const;

/** POST /api/documents/upload (multipart, one part per file): one result per file, in order. */
export const uploadResultSchema = z.object({
  results: z.array(
    z.object({
      fileName: z.string(),
      document: documentSchema.optional(),
      error: z.object({ code: uploadErrorCodeSchema, message: z.string() }).optional(),
    }),
  ),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** An http(s) address typed into the add-link field. */
export const linkUrlSchema = z
  .string()
  .trim()
  .min(1, 'urlRequired')
  .max(2048, 'urlInvalid')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'urlInvalid');

/** POST /api/documents/link-preview: what the add-link tab shows before saving. */
export const linkPreviewInputSchema = z.object({ url: linkUrlSchema }).strict();
export const linkPreviewSchema = z.object({
  /** The address after redirects. */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /** The site's name (og:site_name), else its host. */
  site: z.string(),
  /** youtube for YouTube videos, article when the page says it is one, else link. */
  type: z.enum(['youtube', 'article', 'link']),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** POST /api/documents/links: saves the link; its text is fetched and indexed in the background. */
export const createLinkInputSchema = z
  .object({
    url: linkUrlSchema,
    /** Defaults to the page's title. */
    name: z.string().trim().max(200).optional(),
    /** Defaults to the page's description. */
    description: z.string().trim().max(2000).optional(),
  })
  .strict();
export type CreateLinkInput = z.infer<typeof createLinkInputSchema>;

/**
 * GET /api/documents: one page of the list, newest first, and on the first page the figures of
 * the whole knowledge base. It pages by cursor (the last row's sort key), so a deep page costs
 * what the first does; `cursor` is the nextCursor of the page before, and with one `page` is
 * ignored. `page` (offset paging) stays for clients that page by number.
 */
export const documentListQuerySchema = z
  .object({
    category: documentCategorySchema.optional(),
    cursor: z.string().max(500).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentStatsSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  /** Mean quality of the processed documents, 0–100 rounded; 0 when none is processed. */
  averageQuality: z.number().int(),
  /** Processed share of all documents in percent, rounded; 0 when there are none. */
  readiness: z.number().int(),
  /** Bytes of originals kept, against KNOWLEDGE_QUOTA_BYTES. */
  storageBytes: z.number().int(),
});
export type DocumentStats = z.infer<typeof documentStatsSchema>;

/*
 * The figures (total, stats, categoryCounts) are one pass over all the user's documents: they
 * come with a page asked for without a cursor, and are null on the pages after it, which the
 * screen does not read them from.
 */
export const documentListSchema = z.object({
  items: z.array(documentSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Documents in the chosen category (all when none); null with a cursor. */
  total: z.number().int().nullable(),
  hasMore: z.boolean(),
  /** Null with a cursor. */
  stats: documentStatsSchema.nullable(),
  /** Documents per category; `all` is every document. Null with a cursor. */
  categoryCounts: z
    .object({
      all: z.number().int(),
      thoughts: z.number().int(),
      documents: z.number().int(),
      articles: z.number().int(),
      references: z.number().int(),
      links: z.number().int(),
    })
    .nullable(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const knowledgeSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1, 'queryRequired').max(200),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();
export type KnowledgeSearchQuery = z.input<typeof knowledgeSearchQuerySchema>;

/** How a passage was found: its words matched, its meaning did, or both. */
export const searchMatches = ['text', 'meaning', 'both'] as const;
export type SearchMatch = (typeof searchMatches)[number];

export const knowledgeSearchHitSchema = z.object({
  documentId: z.string(),
  /** The passage found, one per document (its best). */
  passageId: z.string(),
  title: z.string(),
  category: documentCategorySchema,
  /** The passage with the matched words between [[ and ]], for highlighting. */
  snippet: z.string(),
  /** The order of the results: full-text rank, or the fused rank of a search by meaning and words. */
  rank: z.number(),
  /**
   * How well the passage answers, 0–1: the closeness of meanings (cosine similarity) or the
   * full-text match score (capped at 1), whichever is higher.
   */
  score: z.number().min(0).max(1),
  match: z.enum(searchMatches),
});
export type KnowledgeSearchHit = z.infer<typeof knowledgeSearchHitSchema>;

/**
 * hybrid: by words and by meaning, fused (the user has a search model and the database
 * pgvector); full_text: by words only.
 */
export const searchModes = ['hybrid', 'full_text'] as const;
export type SearchMode = (typeof searchModes)[number];

export const knowledgeSearchResultSchema = z.object({
  /** Whether the user has any processed document; false means there is nothing to search yet. */
  searchable: z.boolean(),
  mode: z.enum(searchModes),
  hits: z.array(knowledgeSearchHitSchema),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid() });

/**
 * Search by meaning for the Knowledge page: unavailable (the database has no pgvector),
 * no_model (no search model in Settings → AI models), indexing (passages still being turned
 * into vectors), stalled (indexing stopped on an error and waits to be resumed) or ready.
 */
export const semanticSearchStates = ['unavailable', 'no_model', 'indexing', 'stalled', 'ready'] as const;
export type SemanticSearchState = (typeof semanticSearchStates)[number];

export const semanticSearchStatusSchema = z.object({
  state: z.enum(semanticSearchStates),
  /** The search model's name, when there is one. */
  modelName: z.string().nullable(),
  /** Passages of processed documents, and how many of them have a vector from the search model. */
  passages: z.number().int(),
  indexed: z.number().int(),
});
export type SemanticSearchStatus = z.infer<typeof semanticSearchStatusSchema>;
