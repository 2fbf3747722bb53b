import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import {
  startFakeAnthropicServer,
  startFakeOpenAiServer,
  type FakeAiServer,
} from '../../test-support/fake-ai-servers';
import type { ProviderConfig } from './language-model';
import { retryAfterMs } from '../../lib/retrying-fetch';
import { generateWithModel, streamWithModel } from './run-model';

let openAi: FakeAiServer;
let anthropic: FakeAiServer;
beforeAll(async () => {
  [openAi, anthropic] = await Promise.all([startFakeOpenAiServer(), startFakeAnthropicServer()]);
});
afterAll(async () => {
  await Promise.all([openAi.close(), anthropic.close()]);
});

const fast = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 50 };

async function readAll(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe('streaming', () => {
  const cases: [string, () => ProviderConfig, () => FakeAiServer][] = [
    [
      'openai-compatible',
      () => ({ provider: 'openai-compatible', model: 'm', baseUrl: openAi.baseUrl }),
      () => openAi,
    ],
    [
      'openai',
      () => ({ provider: 'openai', model: 'm', baseUrl: openAi.baseUrl, apiKey: 'k' }),
      () => openAi,
    ],
    [
      'anthropic',
      () => ({ provider: 'anthropic', model: 'm', baseUrl: anthropic.baseUrl, apiKey: 'k' }),
      () => anthropic,
    ],
  ];
  for (const [name, config, server] of cases) {
    it(`streams text in pieces with its usage from ${name}`, async () => {
      server().script({ kind: 'reply', text: 'Hello there, Anna!', promptTokens: 40, completionTokens: 9 });
      const stream = streamWithModel({ config: config(), prompt: 'Hi', timeoutMs: 5000, retryPolicy: fast });
      const pieces = await readAll(stream.textStream);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe('Hello there, Anna!');
      const done = await stream.done;
      expect(done.usage).toEqual({ promptTokens: 40, completionTokens: 9 });
    });
  }

  it('retries a 503 before the stream starts and fails clearly when a stream cannot start', async () => {
    const config: ProviderConfig = { provider: 'openai-compatible', model: 'm', baseUrl: openAi.baseUrl };
    openAi.script({ kind: 'status', status: 503 }, { kind: 'reply', text: 'fine' });
    const ok = streamWithModel({ config, prompt: 'Hi', timeoutMs: 5000, retryPolicy: fast });
    expect((await readAll(ok.textStream)).join('')).toBe('fine');

    openAi.script({ kind: 'status', status: 401, message: 'bad key' });
    const failed = streamWithModel({ config, prompt: 'Hi', timeoutMs: 5000, retryPolicy: fast });
    const error = await readAll(failed.textStream).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ai_provider_failed');
    expect((error as AppError).message).toContain('bad key');
    await expect(failed.done).rejects.toBeInstanceOf(AppError);
  });
});

describe('provider failures', () => {
  it('does not retry a 400 and reports an unreachable server', async () => {
    openAi.script({ kind: 'status', status: 400, message: 'unknown model' });
    const before = openAi.requests.length;
    const config: ProviderConfig = { provider: 'openai', model: 'm', baseUrl: openAi.baseUrl, apiKey: 'k' };
    await expect(
      generateWithModel({ config, prompt: 'Hi', timeoutMs: 5000, retryPolicy: fast }),
    ).rejects.toThrow(/unknown model/);
    expect(openAi.requests.length - before).toBe(1);
    const nowhere: ProviderConfig = {
      provider: 'openai',
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
    };
    await expect(
      generateWithModel({ config: nowhere, prompt: 'Hi', timeoutMs: 5000, retryPolicy: fast }),
    ).rejects.toMatchObject({ code: 'ai_provider_failed' });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
