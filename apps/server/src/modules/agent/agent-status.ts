import { createHash } from 'node:crypto';
import type { AgentStatus } from '@doppel/contracts';
import { checkModelHealth, type ModelHealth } from '../../integrations/ai/model-health';
import type { AppContext } from '../../lib/context';
import { resolveModel, type ResolvedModel } from '../ai-models';
import type { Actor } from '../../lib/actor';

/** A console left open re-checks every minute; the cache keeps that to one request per model. */
const HEALTH_CACHE_MS = 30_000;

interface CachedHealth {
  health: ModelHealth;
  checkedAt: Date;
}

const healthCaches = new WeakMap<AppContext, Map<string, CachedHealth>>();

function healthCacheFor(ctx: AppContext): Map<string, CachedHealth> {
  let cache = healthCaches.get(ctx);
  if (!cache) {
    cache = new Map();
    healthCaches.set(ctx, cache);
  }
  return cache;
}

/**
 * The console header: online when the user's model answers its health
 * check, or when the offline engine is in use — which `engine` says, so the console never
 * passes the offline engine off as a model.
 */
export async function agentStatus(
  ctx: AppContext,
  auth: Actor,
  resolved?: ResolvedModel,
): Promise<AgentStatus> {
  const model = resolved ?? (await resolveModel(ctx, auth));
  const now = ctx.clock.now();
  if (model.kind === 'offline') {
    return { online: true, engine: 'offline', model: null, error: null, checkedAt: now.toISOString() };
  }
  const { config } = model;
  // The key is part of what is checked, but must not sit in a map key in clear.
  const keyDigest = createHash('sha256')
    .update(config.apiKey ?? '')
    .digest('hex')
    .slice(0, 16);
  const key = [auth.userId, model.id, config.provider, config.model, config.baseUrl ?? '', keyDigest].join(
    '|',
  );
  const cache = healthCacheFor(ctx);
  let entry = cache.get(key);
  if (!entry || now.getTime() - entry.checkedAt.getTime() > HEALTH_CACHE_MS) {
    entry = { health: await checkModelHealth(config), checkedAt: now };
    cache.set(key, entry);
  }
  return {
    online: entry.health.ok,
    engine: 'model',
    model: config.model,
    error: entry.health.ok ? null : entry.health.error,
    checkedAt: entry.checkedAt.toISOString(),
  };
}
