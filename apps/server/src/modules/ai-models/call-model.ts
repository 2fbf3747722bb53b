import type { TokenPurpose } from '@doppel/contracts';
import type { ModelMessage, ToolSet } from 'ai';
import type { z } from 'zod';
import {
  embedWithModel,
  generateObjectWithModel,
  generateWithModel,
  streamWithModel,
  type ModelAnswer,
  type ModelStream,
  type ModelStreamPart,
  textOnly,
} from '../../integrations/ai/run-model';
import type { AppContext } from '../../lib/context';
import { assertTokenQuotaLeft, recordTokenUsage } from '../usage';
import type { ProviderModel, SearchModel } from './resolve-model';

export interface UserModelRequest {
  purpose: TokenPurpose;
  system?: string;
  prompt?: string;
  messages?: ModelMessage[];
  /** Defaults to the user's saved temperature and max tokens. */
  temperature?: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  tools?: ToolSet;
  maxSteps?: number;
  /** The campaign the call works for (a campaign task's draft or analysis), metered to it. */
  campaignId?: string;
}

function callOptions(ctx: AppContext, model: ProviderModel, request: UserModelRequest) {
  return {
    config: model.config,
    system: request.system,
    prompt: request.prompt,
    messages: request.messages,
    temperature: request.temperature ?? model.preferences.temperature,
    maxOutputTokens: request.maxOutputTokens ?? model.preferences.maxTokens,
    timeoutMs: ctx.config.aiTimeoutMs,
    signal: request.signal,
    tools: request.tools,
    maxSteps: request.maxSteps,
  };
}

async function meter(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  purpose: TokenPurpose,
  answer: Pick<ModelAnswer, 'usage'>,
  campaignId: string | undefined,
) {
  await recordTokenUsage(ctx, userId, {
    model: model.config.model,
    provider: model.config.provider,
    purpose,
    promptTokens: answer.usage.promptTokens,
    completionTokens: answer.usage.completionTokens,
    campaignId: campaignId ?? null,
  });
}

/** Every non-streaming model call of a user goes here: quota check, call, usage recorded. */
export async function generateForUser(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  request: UserModelRequest,
): Promise<ModelAnswer> {
  await assertTokenQuotaLeft(ctx, userId);
  const answer = await generateWithModel(callOptions(ctx, model, request));
  await meter(ctx, userId, model, request.purpose, answer, request.campaignId);
  return answer;
}

/** A structured answer, or the model's failure to give one (twice), named for the label. */
export type UserObjectAnswer<T> =
  | { ok: true; object: T; calls: number }
  | { ok: false; reason: 'invalid_answer'; model: string; calls: number };

/** How many model calls a structured answer may take: the answer, and one repair. */
const OBJECT_ATTEMPTS = 2;

/**
 * A structured answer (AI SDK structured output with a contracts' zod schema), metered like
 * every call. An answer that fails the schema gets one repair attempt: the model is sent its
 * answer and what is wrong with it, and asked for a corrected object. If that fails too the
 * answer is `ok: false`, and the caller falls back to the offline engine's result, labelled.
 * Each call checks the quota first and is metered, valid or not: its tokens were spent.
 */
export async function generateObjectForUser<T>(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  request: Omit<UserModelRequest, 'tools' | 'maxSteps' | 'messages'> & {
    schema: z.ZodType<T>;
    schemaName: string;
  },
): Promise<UserObjectAnswer<T>> {
  const base = callOptions(ctx, model, request);
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt ?? '' }];
  for (let attempt = 1; ; attempt++) {
    await assertTokenQuotaLeft(ctx, userId);
    const answer = await generateObjectWithModel({
      ...base,
      prompt: undefined,
      messages,
      schema: request.schema,
      schemaName: request.schemaName,
    });
    await meter(ctx, userId, model, request.purpose, answer, request.campaignId);
    if (answer.ok) return { ok: true, object: answer.object, calls: attempt };
    if (attempt >= OBJECT_ATTEMPTS) {
      return { ok: false, reason: 'invalid_answer', model: model.config.model, calls: attempt };
    }
    messages.push(
      { role: 'assistant', content: answer.text || '(no answer)' },
      {
        role: 'user',
        content: [
          'Your answer does not match the required JSON schema:',
          answer.problem,
          'Answer again with one corrected JSON object that matches the schema, and nothing else.',
        ].join('\n'),
      },
    );
  }
}

/**
 * The streaming twin of generateForUser. Usage is recorded once the stream has been read to
 * its end; `done` settles after that.
 */
export async function streamForUser(
  ctx: AppContext,
  userId: string,
  model: ProviderModel,
  request: UserModelRequest,
): Promise<ModelStream> {
  await assertTokenQuotaLeft(ctx, userId);
  const stream = streamWithModel(callOptions(ctx, model, request));
  const done = stream.done.then(async (answer) => {
    await meter(ctx, userId, model, request.purpose, answer, request.campaignId);
    return answer;
  });
  done.catch(() => undefined);
  async function* read(): AsyncGenerator<ModelStreamPart> {
    yield* stream.parts;
    await done;
  }
  const parts = read();
  return { parts, textStream: textOnly(parts), done };
}

/**
 * Vectors for texts from the user's search model, one per text in order: quota checked first,
 * the tokens metered (purpose embedding) like every model call.
 */
export async function embedForUser(
  ctx: AppContext,
  userId: string,
  model: SearchModel,
  values: string[],
): Promise<number[][]> {
  await assertTokenQuotaLeft(ctx, userId);
  const answer = await embedWithModel({ config: model.config, values, timeoutMs: ctx.config.aiTimeoutMs });
  await recordTokenUsage(ctx, userId, {
    model: model.config.model,
    provider: model.config.provider,
    purpose: 'embedding',
    promptTokens: answer.tokens,
    completionTokens: 0,
    campaignId: null,
  });
  return answer.embeddings;
}
