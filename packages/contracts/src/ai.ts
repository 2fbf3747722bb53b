import { z } from 'zod';
import { errorReasons } from './error-codes';

/** Providers a model can be configured with; the offline engine is not one of them. */
export const aiProviders = ['openai', 'anthropic', 'openai-compatible'] as const;
export const aiProviderSchema = z.enum(aiProviders);
export type AiProvider = z.infer<typeof aiProviderSchema>;

/** Ids of the two built-in entries of the model list; user models have uuids. */
export const OFFLINE_MODEL_ID = 'offline';
export const SERVER_MODEL_ID = 'server';

/**
 * What a user's model is for: writing (drafts, analysis, chat) or search, an embedding model
 * that turns knowledge-base passages and questions into vectors for search by meaning.
 */
export const aiModelUses = ['writing', 'search'] as const;
export const aiModelUseSchema = z.enum(aiModelUses);
export type AiModelUse = z.infer<typeof aiModelUseSchema>;

/** Providers with embedding models (Anthropic has none). */
export const searchModelProviders = ['openai', 'openai-compatible'] as const satisfies readonly AiProvider[];

export const tokenPurposes = [
  'analysis',
  'draft',
  'translation',
  'chat',
  'test',
  'summary',
  'embedding',
] as const;
export const tokenPurposeSchema = z.enum(tokenPurposes);
export type TokenPurpose = z.infer<typeof tokenPurposeSchema>;

const httpUrlSchema = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'Only http and https addresses are allowed');

export const aiModelSchema = z.object({
  /** 'offline', 'server' or the uuid of a user's model. */
  id: z.string(),
  /** offline = the embedded drafting engine; server = configured by environment (read-only). */
  kind: z.enum(['offline', 'server', 'user']),
  /** Built-in entries write; a user's model writes or searches. */
  useFor: aiModelUseSchema,
  name: z.string(),
  provider: z.enum(['offline', ...aiProviders]),
  modelId: z.string().nullable(),
  baseUrl: z.string().nullable(),
  /** Stored keys are never returned, only whether one is set. */
  hasApiKey: z.boolean(),
  readOnly: z.boolean(),
  /** The user's main model (Settings → AI models → main model selector). */
  isDefault: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelListSchema = z.object({
  items: z.array(aiModelSchema),
  /** Id of the model in use: the saved main model, else the server default, else offline. */
  defaultModelId: z.string(),
  temperature: z.number(),
});
export type AiModelList = z.infer<typeof aiModelListSchema>;

export const createAiModelInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    provider: aiProviderSchema,
    modelId: z.string().trim().min(1).max(200),
    baseUrl: httpUrlSchema.optional(),
    apiKey: z.string().max(1000).optional(),
    /** Fixed once created: a search model's vectors only compare with its own. */
    useFor: aiModelUseSchema.default('writing'),
  })
  .strict();
export type CreateAiModelInput = z.input<typeof createAiModelInputSchema>;

export const updateAiModelInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    provider: aiProviderSchema,
    modelId: z.string().trim().min(1).max(200),
    /** null clears the base URL. */
    baseUrl: httpUrlSchema.nullable(),
    /** Omitted keeps the stored key; an empty string clears it. */
    apiKey: z.string().max(1000),
  })
  .partial()
  .strict();
export type UpdateAiModelInput = z.infer<typeof updateAiModelInputSchema>;

export const aiModelIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const aiModelTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** A writing model's answer; a search model's is empty. */
    text: z.string(),
    latencyMs: z.number().int(),
    /** A search model's: how many numbers each vector it makes has. */
    dimensions: z.number().int().optional(),
  }),
  z.object({
    ok: z.literal(false),
    latencyMs: z.number().int(),
    error: z.object({
      code: z.enum(['ai_provider_failed', 'ai_timeout']),
      message: z.string(),
      /** As in an error body (error-codes.ts): the web app words a reason it knows. */
      reason: z.enum(errorReasons).optional(),
    }),
  }),
]);
export type AiModelTestResult = z.infer<typeof aiModelTestResultSchema>;

export const tokenUsageSchema = z.object({
  used: z.number().int(),
  total: z.number().int(),
  /** Start of the current quota period (first day of the calendar month, UTC). */
  periodStart: z.string(),
  byModel: z.array(z.object({ model: z.string(), tokens: z.number().int() })),
  /** The last 30 days (UTC dates, oldest first), days without usage as 0. */
  daily: z.array(z.object({ date: z.string(), tokens: z.number().int() })),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;
