import type { TokenPurpose } from '@doppel/contracts';
import type { ModelMessage, ToolSet } from 'ai';
import {
  generateWithModel,
  streamWithModel,
  type ModelAnswer,
  type ModelStream,
  type ModelStreamPart,
  textOnly,
} from '../../integrations/ai/run-model';
import type { AppContext } from '../../lib/context';
import { assertTokenQuotaLeft, recordTokenUsage } from '../usage';
import type { ProviderModel } from './resolve-model';

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
  answer: ModelAnswer,
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
