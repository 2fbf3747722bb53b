import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { AiProvider } from '@doppel/contracts';

/** One configured model: the server default from the environment or a user's own. */
export interface ProviderConfig {
  provider: AiProvider;
  model: string;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  /** The base URL was typed by a user: reach only public addresses (lib/public-only-fetch.ts). */
  publicNetworkOnly?: boolean;
}

/** The AI SDK model for a provider config; `fetch` carries the retry policy. */
/** The base URL as the SDK wants it: no trailing slash, none at all when empty. */
const baseUrlOf = (config: ProviderConfig) => config.baseUrl?.replace(/\/+$/, '') || undefined;

/** An OpenAI-compatible server (Ollama, vLLM, LM Studio…): it needs a base URL. */
function compatibleServer(config: ProviderConfig, fetch: typeof globalThis.fetch | undefined) {
  const baseURL = baseUrlOf(config);
  if (!baseURL) throw new Error('an openai-compatible model needs a base URL');
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL,
    apiKey: config.apiKey || undefined,
    // Without it a streamed answer carries no token counts, and metering would see zero.
    includeUsage: true,
    // Structured output sends the JSON schema (response_format json_schema), not bare
    // json_object: vLLM, Ollama, LM Studio and llama.cpp's server all take it (decision 036).
    supportsStructuredOutputs: true,
    fetch,
  });
}

export function createLanguageModel(config: ProviderConfig, fetch?: typeof globalThis.fetch): LanguageModel {
  const baseURL = baseUrlOf(config);
  switch (config.provider) {
    case 'openai':
      // The key may be empty for a proxy that needs none; the SDK would read OPENAI_API_KEY otherwise.
      return createOpenAI({ baseURL, apiKey: config.apiKey ?? '', fetch }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ baseURL, apiKey: config.apiKey ?? '', fetch })(config.model);
    case 'openai-compatible':
      return compatibleServer(config, fetch)(config.model);
  }
}

/**
 * The AI SDK embedding model for a search model's config. Anthropic has no embedding models;
 * the contracts refuse it as a search model (searchModelProviders), so reaching here is a bug.
 */
export function createEmbeddingModel(
  config: ProviderConfig,
  fetch?: typeof globalThis.fetch,
): EmbeddingModel {
  switch (config.provider) {
    case 'openai':
      return createOpenAI({ baseURL: baseUrlOf(config), apiKey: config.apiKey ?? '', fetch }).embeddingModel(
        config.model,
      );
    case 'openai-compatible':
      return compatibleServer(config, fetch).embeddingModel(config.model);
    case 'anthropic':
      throw new Error('Anthropic has no embedding models');
  }
}
