import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChatStreamEvent,
  CreatedApiKey,
  KnowledgeDocument,
  McpServer,
  McpServerTestResult,
} from '@doppel/contracts';
import { eq, mcpServers } from '@doppel/db';
import type { DoppelApp } from '../../app';
import { streamEvents } from '../../test-support/ai-test-bed';
import { startFakeOpenAiServer, type FakeAiServer } from '../../test-support/fake-ai-servers';
import { createTestApp, signedInUser, uniqueIp } from '../../test-support/test-app';

type User = Awaited<ReturnType<typeof signedInUser>>;

let doppel: DoppelApp;
let openAi: FakeAiServer;
/** Doppel's own MCP endpoint, a real MCP server on 127.0.0.1. */
let mcpUrl: string;

beforeAll(async () => {
  openAi = await startFakeOpenAiServer();
  doppel = await createTestApp({ config: { fetchAllowPrivateAddresses: true, aiTimeoutMs: 5000 } });
  await doppel.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = doppel.app.server.address() as AddressInfo;
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
});

afterAll(async () => {
  await doppel.app.close();
  await openAi.close();
});

function call(
  user: User | string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const token = typeof user === 'string' ? user : user.accessToken;
  return doppel.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function addServer(user: User, body: object): Promise<McpServer> {
  const response = await call(user, 'POST', '/api/mcp-servers', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<McpServer>();
}

/** An API key of the user that may read the knowledge base, as the Authorization header value. */
async function knowledgeKeyHeader(user: User): Promise<string> {
  const response = await call(user, 'POST', '/api/keys', {
    name: 'For Doppel itself',
    service: 'doppel_mcp',
    permissions: [{ resource: 'knowledge_base', actions: ['read'] }],
  });
  expect(response.statusCode).toBe(201);
  return `Bearer ${response.json<CreatedApiKey>().fullKey}`;
}

async function seedThought(user: User, name: string, content: string): Promise<KnowledgeDocument> {
  const response = await call(user, 'POST', '/api/documents/thoughts', { name, content });
  expect(response.statusCode).toBe(201);
  return response.json<KnowledgeDocument>();
}

async function useOpenAiModel(user: User) {
  const created = await call(user, 'POST', '/api/ai/models', {
    name: 'fake',
    provider: 'openai-compatible',
    modelId: 'fake-thinker',
    baseUrl: openAi.baseUrl,
    apiKey: 'sk-test-key',
  });
  expect(created.statusCode).toBe(201);
  await call(user, 'PATCH', '/api/settings', { aiPreferences: { defaultModel: created.json().id } });
}

describe('external MCP servers (Settings → MCP)', () => {
  it('adds, lists, updates and deletes a server; the auth header is stored sealed and only hinted', async () => {
    const user = await signedInUser(doppel);
    expect((await call(user, 'GET', '/api/mcp-servers')).json()).toEqual({ items: [] });
    const server = await addServer(user, {
      name: 'Notion',
      url: 'https://mcp.example.com/mcp',
      description: 'Team wiki',
      color: 'purple',
      authHeader: 'Bearer secret-token-1234',
    });
    expect(server).toMatchObject({
      name: 'Notion',
      url: 'https://mcp.example.com/mcp',
      description: 'Team wiki',
      color: 'purple',
      authHint: '••••1234',
      isActive: true,
    });
    expect(JSON.stringify(server)).not.toContain('secret-token');
    const [row] = await doppel.ctx.db.select().from(mcpServers).where(eq(mcpServers.id, server.id));
    expect(row?.authHeader).toBeTruthy();
    expect(row?.authHeader).not.toContain('secret-token');
    expect(doppel.ctx.secrets.decryptSecret(row!.authHeader!, server.id)).toBe('Bearer secret-token-1234');

    const listed = await call(user, 'GET', '/api/mcp-servers');
    expect(listed.body).not.toContain('secret-token');
    expect(listed.json<{ items: McpServer[] }>().items.map((item) => item.id)).toEqual([server.id]);

    const disabled = await call(user, 'PATCH', `/api/mcp-servers/${server.id}`, { isActive: false });
    expect(disabled.json<McpServer>()).toMatchObject({ isActive: false, authHint: '••••1234' });
    const cleared = await call(user, 'PATCH', `/api/mcp-servers/${server.id}`, { authHeader: '' });
    expect(cleared.json<McpServer>().authHint).toBeNull();

    expect((await call(user, 'DELETE', `/api/mcp-servers/${server.id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/mcp-servers')).json()).toEqual({ items: [] });
  });

  it('validates the input strictly', async () => {
    const user = await signedInUser(doppel);
    const bad = [
      { name: '', url: 'https://a.example' },
      { name: 'x', url: 'ftp://a.example' },
      { name: 'x', url: 'not a url' },
      { name: 'x', url: 'https://a.example', color: 'pink' },
      { name: 'x', url: 'https://a.example', userId: 'someone' },
    ];
    for (const body of bad) {
      expect((await call(user, 'POST', '/api/mcp-servers', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('belongs to its owner; demo sandboxes cannot add one', async () => {
    const [owner, stranger] = [await signedInUser(doppel), await signedInUser(doppel)];
    const server = await addServer(owner, { name: 'Mine', url: 'https://mcp.example.com' });
    expect((await call(stranger, 'GET', '/api/mcp-servers')).json()).toEqual({ items: [] });
    for (const [method, url] of [
      ['PATCH', `/api/mcp-servers/${server.id}`],
      ['DELETE', `/api/mcp-servers/${server.id}`],
      ['POST', `/api/mcp-servers/${server.id}/test`],
    ] as const) {
      const response = await call(stranger, method, url, method === 'PATCH' ? { name: 'Theirs' } : undefined);
      expect(response.statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', '/api/mcp-servers')).json().items[0].name).toBe('Mine');

    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: uniqueIp() });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const refused = await call(token, 'POST', '/api/mcp-servers', { name: 'x', url: 'https://a.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('demo_restricted');
  });

  it('tests a real MCP server (Doppel’s own /mcp): the tools with a good key, the error without', async () => {
    const user = await signedInUser(doppel);
    const good = await addServer(user, {
      name: 'Doppel',
      url: mcpUrl,
      authHeader: await knowledgeKeyHeader(user),
    });
    const answer = (await call(user, 'POST', `/api/mcp-servers/${good.id}/test`)).json<McpServerTestResult>();
    expect(answer).toMatchObject({ ok: true });
    expect(answer.ok && [...answer.tools].sort()).toEqual(['get_document', 'search_knowledge_base']);

    const keyless = await addServer(user, { name: 'Doppel without key', url: mcpUrl });
    const refused = await call(user, 'POST', `/api/mcp-servers/${keyless.id}/test`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json<McpServerTestResult>()).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('refuses internal addresses unless the install allows private ones', async () => {
    const guarded = await createTestApp({ config: { fetchAllowPrivateAddresses: false } });
    try {
      const user = await signedInUser(guarded);
      const created = await guarded.app.inject({
        method: 'POST',
        url: '/api/mcp-servers',
        headers: { authorization: `Bearer ${user.accessToken}` },
        payload: { name: 'Local', url: mcpUrl },
      });
      const tested = await guarded.app.inject({
        method: 'POST',
        url: `/api/mcp-servers/${created.json<McpServer>().id}/test`,
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      const result = tested.json<McpServerTestResult>();
      expect(result.ok).toBe(false);
      expect(result.ok === false && result.error).toMatch(/internal network address/);
    } finally {
      await guarded.app.close();
    }
  });
});

describe('the agent chat with external MCP servers', () => {
  it('offers the tools of active servers, calls one and answers from its result; inactive and unreachable servers are left out', async () => {
    const user = await signedInUser(doppel);
    await seedThought(
      user,
      'Pricing notes',
      'Our narwhal plan costs forty euros per seat, onboarding included.',
    );
    await useOpenAiModel(user);
    await addServer(user, { name: 'My Doppel', url: mcpUrl, authHeader: await knowledgeKeyHeader(user) });
    const inactive = await addServer(user, {
      name: 'Sleeping',
      url: mcpUrl,
      authHeader: await knowledgeKeyHeader(user),
    });
    await call(user, 'PATCH', `/api/mcp-servers/${inactive.id}`, { isActive: false });
    // Nothing listens there: the server is skipped and the chat still answers.
    await addServer(user, { name: 'Gone', url: 'http://127.0.0.1:9/mcp' });

    openAi.script(
      { kind: 'tool-call', name: 'my_doppel__search_knowledge_base', input: { query: 'narwhal' } },
      { kind: 'reply', text: 'The narwhal plan costs forty euros per seat.' },
    );
    const response = await call(user, 'POST', '/api/agent/messages', { content: 'What does the plan cost?' });
    expect(response.statusCode).toBe(200);
    const stream = streamEvents<ChatStreamEvent>(response.body);
    expect(stream.filter((event) => event.type === 'tool')).toEqual([
      { type: 'tool', name: 'my_doppel__search_knowledge_base' },
    ]);
    const done = stream.find((event) => event.type === 'done');
    expect(done?.type === 'done' && done.message.content).toContain('forty euros per seat');

    const chatRequests = openAi.requests.filter((request) => Array.isArray(request.body.tools));
    const first = chatRequests.at(-2)!;
    const offered = (first.body.tools as Array<{ function: { name: string } }>).map(
      (entry) => entry.function.name,
    );
    expect(offered).toEqual(
      expect.arrayContaining(['my_doppel__search_knowledge_base', 'my_doppel__get_document']),
    );
    expect(offered).toEqual(expect.arrayContaining(['list_tasks', 'search_knowledge']));
    expect(offered.some((name) => name.startsWith('sleeping__') || name.startsWith('gone__'))).toBe(false);

    const followUp = chatRequests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    const toolResult = followUp.find((message) => message.role === 'tool');
    expect(toolResult?.content).toContain('narwhal plan costs forty euros');
  });
});
