import { createHash, randomInt } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_RANDOM_LENGTH,
  createApiKeyInputSchema,
  updateApiKeyInputSchema,
  type ApiKey,
  type ApiKeyPermission,
  type CreateApiKeyInput,
  type CreatedApiKey,
  type UpdateApiKeyInput,
} from '@doppel/contracts';
import { and, apiKeys, desc, eq, sql, type DbOrTx } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';

export const API_KEY_NOT_FOUND = 'API key not found';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A new key's text: the prefix and 32 alphanumerics from the crypto RNG (no modulo bias). */
export function generateApiKey(): string {
  let random = '';
  for (let index = 0; index < API_KEY_RANDOM_LENGTH; index++)
    random += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${API_KEY_PREFIX}${random}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Each resource once, its actions once each: what was meant, however it was sent. */
function normalizePermissions(permissions: ApiKeyPermission[]): ApiKeyPermission[] {
  const merged = new Map<ApiKeyPermission['resource'], Set<ApiKeyPermission['actions'][number]>>();
  for (const permission of permissions) {
    const actions = merged.get(permission.resource) ?? new Set();
    for (const action of permission.actions) actions.add(action);
    merged.set(permission.resource, actions);
  }
  return [...merged].map(([resource, actions]) => ({
    resource,
    actions: (['read', 'write'] as const).filter((action) => actions.has(action)),
  }));
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    service: row.service,
    keyPreview: `••••${row.keyLast4}`,
    isActive: row.isActive,
    permissions: row.permissions,
    rateLimit: { requestsPerMinute: row.requestsPerMinute, requestsPerDay: row.requestsPerDay },
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    usageCount: row.usageCount,
    isSample: row.isSample,
  };
}

export async function listApiKeys(ctx: AppContext, userId: string): Promise<ApiKey[]> {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** The full key is in this answer only; the database keeps its SHA-256. */
export async function createApiKey(
  ctx: AppContext,
  userId: string,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const data = createApiKeyInputSchema.parse(input);
  const now = ctx.clock.now();
  if (data.expiresAt && new Date(data.expiresAt) <= now) {
    throw new AppError('validation_failed', undefined, { fields: { expiresAt: 'expiresInPast' } });
  }
  const fullKey = generateApiKey();
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      userId,
      name: data.name,
      description: data.description,
      service: data.service,
      keyHash: hashApiKey(fullKey),
      keyLast4: fullKey.slice(-4),
      permissions: normalizePermissions(data.permissions),
      requestsPerMinute: data.rateLimit.requestsPerMinute,
      requestsPerDay: data.rateLimit.requestsPerDay,
      expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { ...toApiKey(row!), fullKey };
}

/** Edits a key; isActive false is the spec's revoke. */
export async function updateApiKey(
  ctx: AppContext,
  userId: string,
  id: string,
  input: UpdateApiKeyInput,
): Promise<ApiKey> {
  const data = updateApiKeyInputSchema.parse(input);
  const [row] = await ctx.db
    .update(apiKeys)
    .set({
      ...(data.name !== undefined && { name: data.name }),
      ...(data.description !== undefined && { description: data.description }),
      ...(data.permissions !== undefined && { permissions: normalizePermissions(data.permissions) }),
      ...(data.rateLimit !== undefined && {
        requestsPerMinute: data.rateLimit.requestsPerMinute,
        requestsPerDay: data.rateLimit.requestsPerDay,
      }),
      ...(data.isActive !== undefined && { isActive: data.isActive }),
      ...(data.expiresAt !== undefined && { expiresAt: data.expiresAt ? new Date(data.expiresAt) : null }),
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  if (!row) throw new AppError('not_found', API_KEY_NOT_FOUND, { reason: 'api_key_not_found' });
  return toApiKey(row);
}

export async function deleteApiKey(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0)
    throw new AppError('not_found', API_KEY_NOT_FOUND, { reason: 'api_key_not_found' });
}

/** Counts one accepted request of a key and when it was made. */
export async function recordKeyUse(db: DbOrTx, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ usageCount: sql`${apiKeys.usageCount} + 1`, lastUsedAt: now })
    .where(eq(apiKeys.id, keyId));
}
