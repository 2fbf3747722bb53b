import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
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
export function createLanguageModel(config: ProviderConfig, fetch?: typeof globalThis.fetch): LanguageModel {
  const baseURL = config.baseUrl?.replace(/\/+$/, '') || undefined;
  switch (config.provider) {
    case 'openai':
      // The key may be empty for a proxy that needs none; the SDK would read OPENAI_API_KEY otherwise.
      return createOpenAI({ baseURL, apiKey: config.apiKey ?? '', fetch }).chat(config.model);
    case 'anthropic':
      return createAnthropic({ baseURL, apiKey: config.apiKey ?? '', fetch })(config.model);
    case 'openai-compatible':
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
      })(config.model);
  }
}
