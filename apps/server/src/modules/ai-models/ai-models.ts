import { randomUUID } from 'node:crypto';
import {
  OFFLINE_MODEL_ID,
  SERVER_MODEL_ID,
  searchModelProviders,
  createAiModelInputSchema,
  updateAiModelInputSchema,
  type AiModel,
  type AiModelList,
  type CreateAiModelInput,
  type UpdateAiModelInput,
} from '@doppel/contracts';
import { aiModels, and, asc, eq } from '@doppel/db';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { Actor } from '../../lib/actor';
import { forgetDefaultModel, getUserSettings } from '../settings';

type AiModelRow = typeof aiModels.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUserModelId(id: string): boolean {
  return UUID.test(id);
}

function toView(row: AiModelRow, defaultModelId: string): AiModel {
  return {
    id: row.id,
    kind: 'user',
    useFor: row.useFor,
    name: row.name,
    provider: row.provider,
    modelId: row.modelId,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKeyEncrypted !== null,
    readOnly: false,
    isDefault: row.id === defaultModelId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's row or not_found; an id that is not the caller's is indistinguishable from none. */
export async function loadOwnModel(ctx: AppContext, userId: string, id: string): Promise<AiModelRow> {
  if (!isUserModelId(id)) throw new AppError('not_found');
  const [row] = await ctx.db
    .select()
    .from(aiModels)
    .where(and(eq(aiModels.id, id), eq(aiModels.userId, userId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * The id of the model in use: the saved main model while it exists, else the server default
 * when the environment configures one, else the offline engine. Demo sandboxes always draft
 * offline.
 */
export function effectiveModelId(
  ctx: AppContext,
  auth: Actor,
  saved: string | null,
  ownIds: ReadonlySet<string>,
): string {
  const fallback = ctx.config.ai ? SERVER_MODEL_ID : OFFLINE_MODEL_ID;
  if (auth.isDemo) return OFFLINE_MODEL_ID;
  if (saved === OFFLINE_MODEL_ID) return OFFLINE_MODEL_ID;
  if (saved === SERVER_MODEL_ID) return fallback;
  if (saved && ownIds.has(saved)) return saved;
  return fallback;
}

/** The user's models that can be the main model: a search model writes nothing. */
export function writingModelIds(rows: ReadonlyArray<Pick<AiModelRow, 'id' | 'useFor'>>): Set<string> {
  return new Set(rows.filter((row) => row.useFor === 'writing').map((row) => row.id));
}

export async function listAiModels(ctx: AppContext, auth: Actor): Promise<AiModelList> {
  const [settings, rows] = await Promise.all([
    getUserSettings(ctx, auth.userId),
    ctx.db.select().from(aiModels).where(eq(aiModels.userId, auth.userId)).orderBy(asc(aiModels.createdAt)),
  ]);
  const defaultModelId = effectiveModelId(
    ctx,
    auth,
    settings.aiPreferences.defaultModel,
    writingModelIds(rows),
  );
  const builtIn: AiModel[] = [
    {
      id: OFFLINE_MODEL_ID,
      kind: 'offline',
      useFor: 'writing',
      name: 'Offline drafting engine',
      provider: 'offline',
      modelId: null,
      baseUrl: null,
      hasApiKey: false,
      readOnly: true,
      isDefault: defaultModelId === OFFLINE_MODEL_ID,
      createdAt: null,
      updatedAt: null,
    },
  ];
  const server = ctx.config.ai;
  if (server) {
    builtIn.push({
      id: SERVER_MODEL_ID,
      kind: 'server',
      useFor: 'writing',
      name: 'Server default',
      provider: server.provider,
      modelId: server.model,
      baseUrl: server.baseUrl ?? null,
      hasApiKey: Boolean(server.apiKey),
      readOnly: true,
      isDefault: defaultModelId === SERVER_MODEL_ID,
      createdAt: null,
      updatedAt: null,
    });
  }
  return {
    items: [...builtIn, ...rows.map((row) => toView(row, defaultModelId))],
    defaultModelId,
    temperature: settings.aiPreferences.temperature,
  };
}

/** A search model makes embeddings: only providers that have embedding models can. */
function assertProviderFitsUse(provider: AiModelRow['provider'], useFor: AiModelRow['useFor']): void {
  if (useFor === 'search' && !(searchModelProviders as readonly string[]).includes(provider)) {
    throw new AppError('validation_failed', 'This provider has no embedding models for search', {
      reason: 'search_model_provider',
      fields: { provider: 'invalid' },
    });
  }
}

/** The unique index behind "one search model per user" (schema/ai.ts). */
const ONE_SEARCH_MODEL_INDEX = 'ai_models_one_search_model_idx';

function isOneSearchModelViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { constraint?: string }).constraint === ONE_SEARCH_MODEL_INDEX) return true;
  }
  return false;
}

function assertBaseUrlFits(provider: string, baseUrl: string | null | undefined): void {
  if (provider === 'openai-compatible' && !baseUrl) {
    throw new AppError('validation_failed', 'An OpenAI-compatible model needs a base URL', {
      reason: 'base_url_required',
      fields: { baseUrl: 'required' },
    });
  }
}

export async function createAiModel(
  ctx: AppContext,
  auth: Actor,
  input: CreateAiModelInput,
): Promise<AiModel> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  const fields = createAiModelInputSchema.parse(input);
  assertBaseUrlFits(fields.provider, fields.baseUrl);
  assertProviderFitsUse(fields.provider, fields.useFor);
  const id = randomUUID();
  const now = ctx.clock.now();
  try {
    const row = await ctx.domainEvents.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(aiModels)
        .values({
          id,
          userId: auth.userId,
          name: fields.name,
          provider: fields.provider,
          modelId: fields.modelId,
          baseUrl: fields.baseUrl ?? null,
          apiKeyEncrypted: fields.apiKey ? ctx.secrets.encryptSecret(fields.apiKey, id) : null,
          useFor: fields.useFor,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (fields.useFor === 'search') {
        await ctx.domainEvents.publish(tx, auth, { type: 'search-model.changed', at: now.toISOString() });
      }
      return inserted!;
    });
    return toView(row, '');
  } catch (error) {
    if (isOneSearchModelViolation(error)) {
      throw new AppError('conflict', 'There is a search model already: configure or delete it', {
        reason: 'search_model_exists',
      });
    }
    throw error;
  }
}

/**
 * What a search model's vectors are stored under: the same provider, address and model make
 * vectors that compare with each other, so changing any of them means indexing again.
 */
export function embeddingIdentity(row: Pick<AiModelRow, 'provider' | 'baseUrl' | 'modelId'>): string {
  return `${row.provider}|${row.baseUrl ?? ''}|${row.modelId}`;
}

/** "Configure": an omitted key keeps the stored one, an empty string clears it. */
export async function updateAiModel(
  ctx: AppContext,
  auth: Actor,
  id: string,
  input: UpdateAiModelInput,
): Promise<AiModel> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  const changes = updateAiModelInputSchema.parse(input);
  const current = await loadOwnModel(ctx, auth.userId, id);
  const provider = changes.provider ?? current.provider;
  const baseUrl = changes.baseUrl === undefined ? current.baseUrl : changes.baseUrl;
  assertBaseUrlFits(provider, baseUrl);
  assertProviderFitsUse(provider, current.useFor);
  let apiKeyEncrypted = current.apiKeyEncrypted;
  if (changes.apiKey !== undefined) {
    apiKeyEncrypted = changes.apiKey === '' ? null : ctx.secrets.encryptSecret(changes.apiKey, id);
  }
  const now = ctx.clock.now();
  const row = await ctx.domainEvents.transaction(async (tx) => {
    const [updated] = await tx
      .update(aiModels)
      .set({
        name: changes.name ?? current.name,
        provider,
        modelId: changes.modelId ?? current.modelId,
        baseUrl,
        apiKeyEncrypted,
        updatedAt: now,
      })
      .where(and(eq(aiModels.id, id), eq(aiModels.userId, auth.userId)))
      .returning();
    if (!updated) throw new AppError('not_found');
    // Another model's vectors do not compare with the stored ones: the passages are indexed again.
    if (updated.useFor === 'search' && embeddingIdentity(updated) !== embeddingIdentity(current)) {
      await ctx.domainEvents.publish(tx, auth, { type: 'search-model.changed', at: now.toISOString() });
    }
    return updated;
  });
  const settings = await getUserSettings(ctx, auth.userId);
  return toView(row, settings.aiPreferences.defaultModel ?? '');
}

/**
 * Deleting the main model also forgets the choice, so the next call uses the fallback; deleting
 * the search model turns search by meaning off (its vectors go with it).
 */
export async function deleteAiModel(ctx: AppContext, auth: Actor, id: string): Promise<void> {
  if (auth.isDemo) throw new AppError('demo_restricted');
  if (!isUserModelId(id)) throw new AppError('not_found');
  await ctx.domainEvents.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(aiModels)
      .where(and(eq(aiModels.id, id), eq(aiModels.userId, auth.userId)))
      .returning({ id: aiModels.id, useFor: aiModels.useFor });
    if (!deleted) throw new AppError('not_found');
    await forgetDefaultModel(tx, auth.userId, id);
    if (deleted.useFor === 'search') {
      await ctx.domainEvents.publish(tx, auth, {
        type: 'search-model.changed',
        at: ctx.clock.now().toISOString(),
      });
    }
  });
}
