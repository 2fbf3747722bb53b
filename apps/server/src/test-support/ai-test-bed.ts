import { afterAll, beforeAll, expect } from 'vitest';
import type { DoppelApp } from '../app';
import { startFakeAnthropicServer, startFakeOpenAiServer, type FakeAiServer } from './fake-ai-servers';
import { createTestApp, type signedInUser } from './test-app';

export type TestUser = Awaited<ReturnType<typeof signedInUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface AiTestBed {
  doppel: DoppelApp;
  openAi: FakeAiServer;
  anthropic: FakeAiServer;
  /** A request to the private API as the user. */
  call: (
    user: TestUser,
    method: Method,
    url: string,
    payload?: object,
  ) => ReturnType<DoppelApp['app']['inject']>;
  /** Adds a model on one of the fake servers and makes it the user's main model. */
  useModel: (user: TestUser, server: FakeAiServer, modelId: string) => Promise<void>;
}

/**
 * An app and both fake providers for a test file, started before its tests and closed after.
 * Read the fields inside tests (they are set in beforeAll).
 */
export function aiTestBed(): AiTestBed {
  const bed = {
    call: (user, method, url, payload) =>
      bed.doppel.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${user.accessToken}` },
      }),
    useModel: async (user, server, modelId) => {
      const created = await bed.call(user, 'POST', '/api/ai/models', {
        name: modelId,
        provider: server === bed.anthropic ? 'anthropic' : 'openai-compatible',
        modelId,
        baseUrl: server.baseUrl,
        apiKey: 'sk-test-key',
      });
      expect(created.statusCode).toBe(201);
      await bed.call(user, 'PATCH', '/api/settings', { aiPreferences: { defaultModel: created.json().id } });
    },
  } as AiTestBed;
  beforeAll(async () => {
    [bed.openAi, bed.anthropic] = await Promise.all([startFakeOpenAiServer(), startFakeAnthropicServer()]);
    bed.doppel = await createTestApp({ config: { aiTimeoutMs: 5000 } });
  });
  afterAll(async () => {
    await bed.doppel.app.close();
    await Promise.all([bed.openAi.close(), bed.anthropic.close()]);
  });
  return bed;
}

/** The events of a server-sent event body (`data: <json>` blocks). */
export function streamEvents<Event>(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Event);
}
