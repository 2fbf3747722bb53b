import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_PATTERN,
  type ApiKeyAction,
  type ApiKeyPermission,
  type ApiKeyResource,
} from '@doppel/contracts';
import { apiKeys, eq } from '@doppel/db';
import { AppError } from '../lib/app-error';
import type { AppContext } from '../lib/context';
import { countRateLimits, secondsUntilAllowed } from '../lib/rate-limit';
import { bearerToken } from '../plugins/authenticate';
import { hashApiKey, recordKeyUse } from '../modules/api-keys';

/** The key a public API or MCP request came with, once it is known to be valid. */
export interface KeyAuth {
  keyId: string;
  userId: string;
  name: string;
  permissions: ApiKeyPermission[];
  rateLimit: { requestsPerMinute: number; requestsPerDay: number };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API-key hook on /api/v1 and /mcp. */
    apiKey: KeyAuth | null;
  }
}

export const INVALID_KEY_MESSAGE = 'The API key is missing, unknown, revoked or expired.';

/**
 * Checks a bearer API key: looked up by its SHA-256 and compared in constant
 * time; inactive or expired keys are refused like unknown ones (401). Each request counts against
 * the key's limits per minute and per day, answered with RateLimit headers, and past a limit
 * with 429 and Retry-After. Accepted requests bump usage_count and last_used_at.
 */
export async function authenticateApiKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<KeyAuth> {
  const key = bearerToken(request);
  if (!key || !API_KEY_PATTERN.test(key)) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  const hash = hashApiKey(key);
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash));
  const now = ctx.clock.now();
  if (
    !row ||
    !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex')) ||
    !row.isActive ||
    row.isSample ||
    (row.expiresAt && row.expiresAt <= now)
  ) {
    throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  }
  const counts = await countRateLimits(
    ctx.db,
    [
      { key: `api-key:${row.id}:minute`, limit: row.requestsPerMinute, windowSeconds: 60 },
      { key: `api-key:${row.id}:day`, limit: row.requestsPerDay, windowSeconds: 86_400 },
    ],
    now,
  );
  // The rule with the least room left is the one the client should pace itself by.
  const tightest = counts.reduce((a, b) => (b.rule.limit - b.hits < a.rule.limit - a.hits ? b : a));
  reply.header(
    'RateLimit-Policy',
    counts.map(({ rule }) => `${rule.limit};w=${rule.windowSeconds}`).join(', '),
  );
  reply.header(
    'RateLimit',
    `limit=${tightest.rule.limit}, remaining=${Math.max(0, tightest.rule.limit - tightest.hits)}, reset=${Math.max(
      0,
      Math.ceil((tightest.resetsAt.getTime() - now.getTime()) / 1000),
    )}`,
  );
  const retryAfter = secondsUntilAllowed(counts, now);
  if (retryAfter > 0) throw new AppError('rate_limited', undefined, { retryAfter });
  await recordKeyUse(ctx.db, row.id, now);
  return {
    keyId: row.id,
    userId: row.userId,
    name: row.name,
    permissions: row.permissions,
    rateLimit: { requestsPerMinute: row.requestsPerMinute, requestsPerDay: row.requestsPerDay },
  };
}

/** onRequest hook for /api/v1 and /mcp. */
export function createApiKeyHook(ctx: AppContext) {
  return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.apiKey = await authenticateApiKey(ctx, request, reply);
  };
}

export function hasPermission(auth: KeyAuth, resource: ApiKeyResource, action: ApiKeyAction): boolean {
  return auth.permissions.some(
    (permission) => permission.resource === resource && permission.actions.includes(action),
  );
}

/** 403 naming the missing permission. */
export function requirePermission(
  request: FastifyRequest,
  resource: ApiKeyResource,
  action: ApiKeyAction,
): KeyAuth {
  const auth = request.apiKey;
  if (!auth) throw new AppError('unauthorized', INVALID_KEY_MESSAGE);
  if (!hasPermission(auth, resource, action)) {
    throw new AppError('forbidden', `This API key lacks the ${resource}:${action} permission.`);
  }
  return auth;
}
