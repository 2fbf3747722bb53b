import { z } from 'zod';

/** Every key starts with this, then 32 alphanumerics. */
export const API_KEY_PREFIX = 'dpl_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_PATTERN = /^dpl_[A-Za-z0-9]{32}$/;

/** API key services: what the key is for (machine names of the five the spec lists). */
export const apiKeyServices = [
  'doppel_api',
  'doppel_mcp',
  'workflow_webhook',
  'rest_client',
  'external_integration',
] as const;
export const apiKeyServiceSchema = z.enum(apiKeyServices);
export type ApiKeyService = z.infer<typeof apiKeyServiceSchema>;

export const apiKeyResources = ['contacts', 'messages', 'knowledge_base', 'ai_models'] as const;
export const apiKeyResourceSchema = z.enum(apiKeyResources);
export type ApiKeyResource = z.infer<typeof apiKeyResourceSchema>;

export const apiKeyActions = ['read', 'write'] as const;
export const apiKeyActionSchema = z.enum(apiKeyActions);
export type ApiKeyAction = z.infer<typeof apiKeyActionSchema>;

/** One resource with the actions allowed on it. */
export const apiKeyPermissionSchema = z
  .object({
    resource: apiKeyResourceSchema,
    actions: z.array(apiKeyActionSchema).min(1).max(2),
  })
  .strict();
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

/** New keys read contacts and nothing else. */
export const DEFAULT_API_KEY_PERMISSIONS: ApiKeyPermission[] = [{ resource: 'contacts', actions: ['read'] }];

/** Sample limits: 100 per minute and 10,000 per day are the defaults. */
export const apiKeyRateLimitSchema = z
  .object({
    requestsPerMinute: z.number().int().min(1).max(10_000),
    requestsPerDay: z.number().int().min(1).max(1_000_000),
  })
  .strict();
export type ApiKeyRateLimit = z.infer<typeof apiKeyRateLimitSchema>;
export const DEFAULT_API_KEY_RATE_LIMIT: ApiKeyRateLimit = { requestsPerMinute: 100, requestsPerDay: 10_000 };

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  service: apiKeyServiceSchema,
  /** The last 4 characters, masked: ••••AbC1. */
  keyPreview: z.string(),
  isActive: z.boolean(),
  permissions: z.array(apiKeyPermissionSchema),
  rateLimit: apiKeyRateLimitSchema,
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  usageCount: z.number().int(),
  /** Demo sandboxes show sample keys that open nothing. */
  isSample: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/keys answers the key once with its full text; it is never shown again. */
export const createdApiKeySchema = apiKeySchema.extend({ fullKey: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

const futureDate = z.iso.datetime({ offset: true });

export const createApiKeyInputSchema = z
  .object({
    // 'Заполните название ключа' when blank (the web app shows it by this key).
    name: z.string().trim().min(1, 'keyNameRequired').max(100),
    description: z.string().trim().max(500).default(''),
    service: apiKeyServiceSchema.default('doppel_api'),
    permissions: z.array(apiKeyPermissionSchema).max(4).default(DEFAULT_API_KEY_PERMISSIONS),
    rateLimit: apiKeyRateLimitSchema.default(DEFAULT_API_KEY_RATE_LIMIT),
    expiresAt: futureDate.nullable().optional(),
  })
  .strict();
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

/** PATCH /api/keys/:id — revoke is isActive false. */
export const updateApiKeyInputSchema = z
  .object({
    name: z.string().trim().min(1, 'keyNameRequired').max(100),
    description: z.string().trim().max(500),
    permissions: z.array(apiKeyPermissionSchema).max(4),
    rateLimit: apiKeyRateLimitSchema,
    isActive: z.boolean(),
    expiresAt: futureDate.nullable(),
  })
  .partial()
  .strict();
export type UpdateApiKeyInput = z.infer<typeof updateApiKeyInputSchema>;

/** GET /api/v1/me: what a key is, for the /api screen's Test and for clients to check a key. */
export const apiKeyWhoAmISchema = z.object({
  keyId: z.string(),
  name: z.string(),
  permissions: z.array(apiKeyPermissionSchema),
  rateLimit: apiKeyRateLimitSchema,
});
export type ApiKeyWhoAmI = z.infer<typeof apiKeyWhoAmISchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.uuid() });
