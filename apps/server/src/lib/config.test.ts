import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('AI configuration', () => {
  it('defaults to the offline engine with a 60 s timeout', () => {
    const config = loadConfig({});
    expect(config.ai).toBeNull();
    expect(config.aiTimeoutMs).toBe(60_000);
  });

  it('reads a server-wide model', () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_MS: '15000',
    });
    expect(config.ai).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
    });
    expect(config.aiTimeoutMs).toBe(15_000);
  });

  it('refuses an incomplete or unsafe model configuration', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'x' })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_PROVIDER: 'openai', AI_MODEL: 'x', AI_BASE_URL: 'file:///etc' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AI_PROVIDER: 'gemini', AI_MODEL: 'x' })).toThrow(ConfigError);
  });
});
