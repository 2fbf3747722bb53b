import { OFFLINE_MODEL_ID, SERVER_MODEL_ID } from '@doppel/contracts';
import { aiModels, and, eq } from '@doppel/db';
import type { ProviderConfig } from '../../integrations/ai/language-model';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { getUserSettings } from '../settings';
import {
  effectiveModelId,
  embeddingIdentity,
  isUserModelId,
  loadOwnModel,
  writingModelIds,
} from './ai-models';

export interface ModelPreferences {
  temperature: number;
  maxTokens: number;
}

/** A language model ready to call, with the name metering records it under. */
export interface ProviderModel {
  kind: 'provider';
  /** 'server' or the user's model id. */
  id: string;
  config: ProviderConfig;
  preferences: ModelPreferences;
}

export type ResolvedModel =
  { kind: 'offline'; id: typeof OFFLINE_MODEL_ID; preferences: ModelPreferences } | ProviderModel;

/**
 * The model a call for this user goes to: `modelRef` when given (the test button), else the
 * user's main model with its fallbacks (see effectiveModelId). Decrypts the stored key.
 */
export async function resolveModel(ctx: AppContext, auth: Actor, modelRef?: string): Promise<ResolvedModel> {
  const settings = await getUserSettings(ctx, auth.userId);
  const preferences = {
    temperature: settings.aiPreferences.temperature,
    maxTokens: settings.aiPreferences.maxTokens,
  };
  let id: string;
  if (modelRef !== undefined) {
    if (auth.isDemo && modelRef !== OFFLINE_MODEL_ID) throw new AppError('demo_restricted');
    id = modelRef;
    if (id === SERVER_MODEL_ID && !ctx.config.ai) throw new AppError('not_found');
  } else {
    const own = await ctx.db
      .select({ id: aiModels.id, useFor: aiModels.useFor })
      .from(aiModels)
      .where(eq(aiModels.userId, auth.userId));
    id = effectiveModelId(ctx, auth, settings.aiPreferences.defaultModel, writingModelIds(own));
  }
  if (id === OFFLINE_MODEL_ID) return { kind: 'offline', id: OFFLINE_MODEL_ID, preferences };
  if (id === SERVER_MODEL_ID && ctx.config.ai) {
    return { kind: 'provider', id, config: ctx.config.ai, preferences };
  }
  const row = await loadOwnModel(ctx, auth.userId, id);
  // A search model makes vectors, not text: it cannot be asked to write.
  if (row.useFor !== 'writing') throw new AppError('not_found');
  return { kind: 'provider', id: row.id, config: providerConfig(ctx, row), preferences };
}

type ModelRow = typeof aiModels.$inferSelect;

function providerConfig(ctx: AppContext, row: ModelRow): ProviderConfig {
  return {
    provider: row.provider,
    model: row.modelId,
    baseUrl: row.baseUrl ?? undefined,
    apiKey: row.apiKeyEncrypted ? ctx.secrets.decryptSecret(row.apiKeyEncrypted, row.id) : undefined,
    // A user's base URL must not reach the server's own network unless the operator allows it.
    publicNetworkOnly: !ctx.config.aiAllowPrivateBaseUrls,
  };
}

/** The user's embedding model, which search by meaning turns passages and questions into vectors with. */
export interface SearchModel {
  id: string;
  name: string;
  /** What its vectors are stored under (embeddingIdentity). */
  key: string;
  config: ProviderConfig;
}

function toSearchModel(ctx: AppContext, row: ModelRow): SearchModel {
  return {
    id: row.id,
    name: row.name,
    key: embeddingIdentity(row),
    config: providerConfig(ctx, row),
  };
}

/** The user's search model, or null when they have none (search is by words only then). */
export async function resolveSearchModel(ctx: AppContext, userId: string): Promise<SearchModel | null> {
  const [row] = await ctx.db
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.userId, userId), eq(aiModels.useFor, 'search')));
  return row ? toSearchModel(ctx, row) : null;
}

/** A model the test button may run: a writing model resolves as for drafting, a search model as itself. */
export async function resolveModelToTest(
  ctx: AppContext,
  auth: Actor,
  id: string,
): Promise<ResolvedModel | { kind: 'search'; model: SearchModel }> {
  if (auth.isDemo && id !== OFFLINE_MODEL_ID) throw new AppError('demo_restricted');
  if (isUserModelId(id)) {
    const row = await loadOwnModel(ctx, auth.userId, id);
    if (row.useFor === 'search') return { kind: 'search', model: toSearchModel(ctx, row) };
  }
  return resolveModel(ctx, auth, id);
}
