import { publicOnlyFetch } from '../../lib/public-only-fetch';
import type { ProviderConfig } from './language-model';

/** A health check must not keep the console header waiting. */
const HEALTH_TIMEOUT_MS = 5000;

const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
} as const;

export type ModelHealth = { ok: true } | { ok: false; error: string };

function authHeaders(config: ProviderConfig): Record<string, string> {
  if (!config.apiKey) return {};
  return config.provider === 'anthropic'
    ? { 'x-api-key': config.apiKey, 'anthropic-version': '2023-06-01' }
    : { authorization: `Bearer ${config.apiKey}` };
}

async function providerError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof message === 'string' && message.trim()) return `${message.trim()} (HTTP ${response.status})`;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`;
}

/**
 * Whether a model's provider is reachable with its key, without spending tokens: every
 * provider we speak to (OpenAI, Anthropic, Ollama, LM Studio, vLLM, OpenRouter) lists its
 * models at GET {base}/models behind the same authentication as the chat endpoint.
 */
export async function checkModelHealth(config: ProviderConfig): Promise<ModelHealth> {
  const base =
    config.baseUrl?.replace(/\/+$/, '') ||
    (config.provider === 'openai-compatible' ? null : DEFAULT_BASE_URLS[config.provider]);
  if (!base) return { ok: false, error: 'no base URL configured' };
  const transport = config.publicNetworkOnly ? publicOnlyFetch : globalThis.fetch;
  try {
    const response = await transport(`${base}/models`, {
      headers: { accept: 'application/json', ...authHeaders(config) },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    return { ok: false, error: await providerError(response) };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { ok: false, error: `no answer within ${HEALTH_TIMEOUT_MS / 1000} s` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { ok: false, error: cause instanceof Error ? cause.message : String(cause) };
  }
}
