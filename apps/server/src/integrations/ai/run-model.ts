import {
  APICallError,
  embedMany,
  generateText,
  NoObjectGeneratedError,
  Output,
  stepCountIs,
  streamText,
  TypeValidationError,
  type ModelMessage,
  type ToolSet,
} from 'ai';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { InternalAddressError, publicOnlyFetch } from '../../lib/public-only-fetch';
import { createEmbeddingModel, createLanguageModel, type ProviderConfig } from './language-model';
import { createRetryingFetch, defaultRetryPolicy, type RetryPolicy } from '../../lib/retrying-fetch';
import { storableText, storableTextPieces } from '../../lib/text';

export interface ModelCall {
  config: ProviderConfig;
  system?: string;
  /** Either a prompt or messages. */
  prompt?: string;
  messages?: ModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Covers the whole call, retries and streaming included. */
  timeoutMs: number;
  signal?: AbortSignal;
  retryPolicy?: RetryPolicy;
  /** Tools the model may call (AI SDK tool calling); their results go back to it. */
  tools?: ToolSet;
  /** Model steps at most when tools are given: each tool round trip is one step. */
  maxSteps?: number;
}

/** Enough for a look-up or two and an answer, not for a runaway loop. */
const DEFAULT_MAX_TOOL_STEPS = 5;

export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ModelAnswer {
  text: string;
  usage: ModelUsage;
  latencyMs: number;
}

function toUsage(usage: { inputTokens: number | undefined; outputTokens: number | undefined }): ModelUsage {
  return { promptTokens: usage.inputTokens ?? 0, completionTokens: usage.outputTokens ?? 0 };
}

function providerMessage(error: unknown): string {
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ? ` (HTTP ${error.statusCode})` : '';
    return `${error.message}${status}`;
  }
  if (error instanceof Error) {
    // The SDK wraps the provider's error; the innermost message is the useful one.
    const cause = (error as { cause?: unknown }).cause;
    if (APICallError.isInstance(cause)) return providerMessage(cause);
    return error.message;
  }
  return String(error);
}

/** Turns whatever the SDK threw into the one error model: ai_timeout or ai_provider_failed. */
function toAppError(
  error: unknown,
  call: Pick<ModelCall, 'config' | 'timeoutMs'>,
  timeout: AbortSignal,
): AppError {
  if (error instanceof AppError) return error;
  if (timeout.aborted) {
    return new AppError('ai_timeout', `The AI provider did not answer within ${call.timeoutMs / 1000} s`, {
      reason: 'ai_timed_out',
    });
  }
  const refusedInternal = causeChain(error).find((cause) => cause instanceof InternalAddressError);
  if (refusedInternal) {
    return new AppError(
      'ai_provider_failed',
      `${refusedInternal.message}. The server's operator can allow that with AI_ALLOW_PRIVATE_BASE_URLS=true.`,
      { reason: 'private_base_url_refused' },
    );
  }
  return new AppError(
    'ai_provider_failed',
    `${call.config.provider} (${call.config.model}): ${providerMessage(error)}`,
  );
}

/** The error and the causes it wraps (the SDK and fetch both wrap). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 10;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/**
 * What every call to a provider shares: the deadline (with the caller's own abort), and the
 * fetch that retries per policy and keeps a user's base URL off the server's own network.
 */
function callTransport(call: Pick<ModelCall, 'config' | 'timeoutMs' | 'signal' | 'retryPolicy'>) {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const abortSignal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
  const transport = call.config.publicNetworkOnly ? publicOnlyFetch : globalThis.fetch;
  const fetch = createRetryingFetch(call.retryPolicy ?? defaultRetryPolicy, transport);
  return { timeout, abortSignal, fetch };
}

function prepare(call: ModelCall) {
  const { timeout, abortSignal, fetch } = callTransport(call);
  const model = createLanguageModel(call.config, fetch);
  const input = call.messages ? { messages: call.messages } : { prompt: call.prompt ?? '' };
  return {
    timeout,
    options: {
      model,
      system: call.system,
      ...input,
      temperature: call.temperature,
      maxOutputTokens: call.maxOutputTokens,
      ...(call.tools
        ? { tools: call.tools, stopWhen: stepCountIs(call.maxSteps ?? DEFAULT_MAX_TOOL_STEPS) }
        : {}),
      abortSignal,
      // Retries happen in the fetch, which honours Retry-After.
      maxRetries: 0,
    },
  };
}

/** One non-streaming call with timeout, retries and clear errors. */
export async function generateWithModel(call: ModelCall): Promise<ModelAnswer> {
  const started = performance.now();
  const { timeout, options } = prepare(call);
  try {
    const result = await generateText(options);
    return {
      // A model's words are outside text: a NUL or half an emoji in them is not stored (decision 028).
      text: storableText(result.text),
      usage: toUsage(result.totalUsage),
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw toAppError(error, call, timeout);
  }
}

/** A call whose answer must be an object of `schema` (the AI SDK's structured output). */
export interface ObjectCall<T> extends Omit<ModelCall, 'tools' | 'maxSteps'> {
  schema: z.ZodType<T>;
  /** The schema's name on the wire (OpenAI's json_schema.name). */
  schemaName: string;
}

/** The object, or what the model answered instead and what is wrong with it. */
export type ObjectAnswer<T> =
  | { ok: true; object: T; text: string; usage: ModelUsage; latencyMs: number }
  | { ok: false; text: string; problem: string; usage: ModelUsage; latencyMs: number };

/**
 * The schema goes on the wire as guidance, not in OpenAI's strict mode: strict mode refuses
 * optional keys and maps, which the contracts' schemas have. The answer is checked against the
 * full zod schema here, which is the arbiter either way.
 */
const STRUCTURED_OUTPUT_OPTIONS = {
  openai: { strictJsonSchema: false },
  openaiCompatible: { strictJsonSchema: false },
};

/** What is wrong with an answer, short enough to send back to the model in a repair request. */
function answerProblem(error: NoObjectGeneratedError): string {
  const cause = error.cause;
  if (TypeValidationError.isInstance(cause)) {
    const issues = (cause.cause as { issues?: Array<{ path: PropertyKey[]; message: string }> } | undefined)
      ?.issues;
    if (issues?.length) {
      return issues
        .slice(0, 20)
        .map((issue) => `${issue.path.map(String).join('.') || '(the object)'}: ${issue.message}`)
        .join('\n');
    }
    return cause.message;
  }
  return error.text?.trim() ? 'The answer is not a JSON object.' : 'The answer is empty.';
}

/**
 * One non-streaming call for a structured answer: the schema is sent with the request and the
 * answer is validated against it. An answer that fails the schema is not an error — it returns
 * with `ok: false` (its tokens were spent), so the caller can ask for a repair; provider failures
 * throw as in generateWithModel.
 */
export async function generateObjectWithModel<T>(call: ObjectCall<T>): Promise<ObjectAnswer<T>> {
  const started = performance.now();
  const { timeout, options } = prepare(call);
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const result = await generateText({
      ...options,
      output: Output.object({ schema: call.schema, name: call.schemaName }),
      providerOptions: STRUCTURED_OUTPUT_OPTIONS,
    });
    const text = storableText(result.text);
    const usage = toUsage(result.totalUsage);
    try {
      return { ok: true, object: result.output, text, usage, latencyMs: latencyMs() };
    } catch {
      // No output at all (cut off by the token limit before any text).
      return { ok: false, text, problem: 'The answer is empty.', usage, latencyMs: latencyMs() };
    }
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      return {
        ok: false,
        text: storableText(error.text ?? ''),
        problem: answerProblem(error),
        usage: error.usage ? toUsage(error.usage) : { promptTokens: 0, completionTokens: 0 },
        latencyMs: latencyMs(),
      };
    }
    throw toAppError(error, call, timeout);
  }
}

/** What a streamed call reports as it goes: text as written, and each tool the model calls. */
export type ModelStreamPart = { type: 'text'; text: string } | { type: 'tool-call'; toolName: string };

export interface ModelStream {
  /** Text and tool calls as they happen; throws an AppError when the provider fails mid-way. */
  parts: AsyncIterable<ModelStreamPart>;
  /** The text alone; read either this or `parts`, not both. */
  textStream: AsyncIterable<string>;
  /** Settles once the stream has been read to its end. */
  done: Promise<ModelAnswer>;
}

/** One streaming call; read `textStream` to the end, then `done` has the text and usage. */
export function streamWithModel(call: ModelCall): ModelStream {
  const started = performance.now();
  const { timeout, options } = prepare(call);
  let settle!: { resolve: (answer: ModelAnswer) => void; reject: (error: unknown) => void };
  const done = new Promise<ModelAnswer>((resolve, reject) => (settle = { resolve, reject }));
  // A caller that never reads the stream must not cause an unhandled rejection.
  done.catch(() => undefined);

  async function* read(): AsyncGenerator<ModelStreamPart> {
    let text = '';
    let usage: ModelUsage = { promptTokens: 0, completionTokens: 0 };
    // Callers store what they are given: each delta comes storable, emoji split between deltas whole.
    const pieces = storableTextPieces();
    try {
      const result = streamText({ ...options, onError: () => undefined });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          const delta = pieces.next(part.text);
          text += delta;
          if (delta) yield { type: 'text', text: delta };
        } else if (part.type === 'tool-call') {
          yield { type: 'tool-call', toolName: part.toolName };
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw new Error(part.reason ?? 'aborted');
        } else if (part.type === 'finish') {
          usage = toUsage(part.totalUsage);
        }
      }
    } catch (error) {
      const appError = toAppError(error, call, timeout);
      settle.reject(appError);
      throw appError;
    }
    const rest = pieces.end();
    if (rest) {
      text += rest;
      yield { type: 'text', text: rest };
    }
    settle.resolve({ text, usage, latencyMs: Math.round(performance.now() - started) });
  }
  const parts = read();
  return { parts, textStream: textOnly(parts), done };
}

/** The text parts of a stream, for callers that do not use tools. */
export async function* textOnly(parts: AsyncIterable<ModelStreamPart>): AsyncGenerator<string> {
  for await (const part of parts) if (part.type === 'text') yield part.text;
}

export interface EmbeddingCall {
  config: ProviderConfig;
  /** Texts to turn into vectors, one vector each, in order. */
  values: string[];
  timeoutMs: number;
  signal?: AbortSignal;
  retryPolicy?: RetryPolicy;
}

export interface EmbeddingAnswer {
  embeddings: number[][];
  /** What the provider counted; a server that reports nothing counts 0. */
  tokens: number;
  latencyMs: number;
}

/**
 * One batch of embeddings through the AI SDK (one request where the provider takes the whole
 * batch; the SDK splits larger ones itself), with the same timeout, retries and errors as a
 * language-model call.
 */
export async function embedWithModel(call: EmbeddingCall): Promise<EmbeddingAnswer> {
  const started = performance.now();
  const { timeout, abortSignal, fetch } = callTransport(call);
  const model = createEmbeddingModel(call.config, fetch);
  try {
    const result = await embedMany({
      model,
      values: call.values,
      abortSignal,
      // Retries happen in the fetch, which honours Retry-After.
      maxRetries: 0,
      maxParallelCalls: 1,
    });
    return {
      embeddings: result.embeddings,
      tokens: result.usage.tokens ?? 0,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    throw toAppError(error, call, timeout);
  }
}
