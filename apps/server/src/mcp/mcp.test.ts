import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiKeyPermission, CreatedApiKey, KnowledgeDocument, Task, TaskPage } from '@doppel/contracts';
import type { DoppelApp } from '../app';
import { INVALID_KEY_MESSAGE } from '../public-api/api-key-auth';
import { createTestApp, seedContactWithMessage, signedInUser } from '../test-support/test-app';

type User = Awaited<ReturnType<typeof signedInUser>>;

const ALL_PERMISSIONS: ApiKeyPermission[] = [
  { resource: 'contacts', actions: ['read', 'write'] },
  { resource: 'messages', actions: ['read', 'write'] },
  { resource: 'knowledge_base', actions: ['read', 'write'] },
  { resource: 'ai_models', actions: ['read', 'write'] },
];

const ALL_TOOLS = [
  'create_task',
  'draft_reply',
  'get_contact_history',
  'get_document',
  'list_contacts',
  'list_tasks',
  'search_knowledge_base',
];

let doppel: DoppelApp;
let mcpUrl: URL;
const clients: Client[] = [];

beforeAll(async () => {
  doppel = await createTestApp();
  await doppel.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = doppel.app.server.address() as AddressInfo;
  mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await doppel.app.close();
});

function call(user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return doppel.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(payload ? { payload } : {}),
  });
}

async function createKey(
  user: User,
  permissions: ApiKeyPermission[],
  extra: object = {},
): Promise<CreatedApiKey> {
  const response = await call(user, 'POST', '/api/keys', { name: 'MCP client', permissions, ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedApiKey>();
}

/** Connects the official SDK client over HTTP, as Claude Desktop or Cursor would. */
async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'doppel-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: key ? { Authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function toolNames(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => tool.name).sort();
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's answer: the text content and the structured content carry the same JSON. */
async function result(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = await callTool(client, name, args);
  expect(answer.isError ?? false, JSON.stringify(answer.content)).toBe(false);
  const [first] = answer.content;
  expect(first?.type).toBe('text');
  const parsed = JSON.parse(first?.type === 'text' ? first.text : 'null');
  expect(answer.structuredContent).toEqual(parsed);
  return parsed;
}

/** A failed call's message. */
async function failure(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = await callTool(client, name, args);
  expect(answer.isError).toBe(true);
  const [first] = answer.content;
  const text = first?.type === 'text' ? first.text : '';
  expect(text).not.toMatch(/\n\s+at /);
  return text;
}

async function seedThought(user: User, name: string, content: string): Promise<KnowledgeDocument> {
  const response = await call(user, 'POST', '/api/documents/thoughts', { name, content });
  expect(response.statusCode).toBe(201);
  return response.json<KnowledgeDocument>();
}

async function seedTask(user: User, body: object): Promise<Task> {
  const response = await call(user, 'POST', '/api/tasks', body);
  expect(response.statusCode).toBe(201);
  return response.json<Task>();
}

async function getTask(user: User, id: string) {
  return call(user, 'GET', `/api/tasks/${id}`);
}

/** A user with a thought, a contact who wrote, and a reply task for that message. */
async function userWithData(word: string) {
  const user = await signedInUser(doppel);
  const thought = await seedThought(
    user,
    `Pricing notes ${word}`,
    `Our ${word} pricing starts at forty euros per seat and includes onboarding for the whole team.`,
  );
  const contact = await seedContactWithMessage(
    doppel,
    user.userId,
    { name: `Anna ${word}`, company: 'Nordlicht', language: 'en' },
    'Could you send me your pricing?',
  );
  const task = await seedTask(user, {
    title: `Reply to Anna ${word}`,
    type: 'message_reply',
    contactId: contact.id,
    context: { triggerType: 'message', lastMessage: 'Could you send me your pricing?' },
  });
  return { user, thought, contact, task };
}

describe('MCP server at /mcp', () => {
  it('offers a key with every permission all seven tools, and each one works', async () => {
    const { user, thought, contact, task } = await userWithData('zebrafish');
    const key = await createKey(user, ALL_PERMISSIONS);
    const client = await connect(key.fullKey);

    expect(client.getServerVersion()).toMatchObject({ name: 'doppel', version: '0.1.0' });
    expect(await toolNames(client)).toEqual(ALL_TOOLS);
    const { tools } = await client.listTools();
    const createTool = tools.find((tool) => tool.name === 'create_task');
    expect(createTool?.description).toBeTruthy();
    expect(createTool?.inputSchema.required).toEqual(expect.arrayContaining(['title', 'type']));

    const search = await result(client, 'search_knowledge_base', { query: 'zebrafish', limit: 3 });
    expect(search.searchable).toBe(true);
    expect(search.passages).toHaveLength(1);
    expect(search.passages[0]).toMatchObject({ documentId: thought.id, title: 'Pricing notes zebrafish' });
    expect(search.passages[0].snippet).toContain('zebrafish');
    expect(search.passages[0].snippet).not.toContain('[[');

    const document = await result(client, 'get_document', { id: thought.id });
    expect(document).toMatchObject({ id: thought.id, name: 'Pricing notes zebrafish', category: 'thoughts' });
    expect(await failure(client, 'get_document', { id: '00000000-0000-4000-8000-000000000000' })).toBe(
      'Document not found',
    );
    expect(await failure(client, 'get_document', { id: 'not-an-id' })).toMatch(/Input validation error/);

    const listed = await result(client, 'list_contacts', { query: 'nordlicht' });
    expect(listed.contacts).toEqual([expect.objectContaining({ id: contact.id, name: 'Anna zebrafish' })]);

    const history = await result(client, 'get_contact_history', { contactId: contact.id });
    expect(history.contact).toMatchObject({ id: contact.id, name: 'Anna zebrafish' });
    expect(history.total).toBe(1);
    expect(history.messages).toEqual([
      expect.objectContaining({ direction: 'inbound', text: 'Could you send me your pricing?' }),
    ]);

    const tasks = await result(client, 'list_tasks', {});
    expect(tasks.total).toBe(1);
    expect(tasks.tasks[0]).toMatchObject({
      id: task.id,
      title: 'Reply to Anna zebrafish',
      contact: { id: contact.id, name: 'Anna zebrafish' },
      lastMessage: 'Could you send me your pricing?',
    });
    expect((await result(client, 'list_tasks', { status: 'completed' })).total).toBe(0);

    const created = await result(client, 'create_task', {
      title: 'Follow up with Anna',
      type: 'proactive_message',
      contactId: contact.id,
      description: 'Ask how the trial went',
    });
    expect(created).toMatchObject({
      title: 'Follow up with Anna',
      status: 'pending',
      contact: { id: contact.id },
    });
    const stored = await getTask(user, created.id);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<Task>()).toMatchObject({
      title: 'Follow up with Anna',
      description: 'Ask how the trial went',
    });
    expect(await failure(client, 'create_task', { title: 'x', type: 'tweet' })).toMatch(
      /Input validation error/,
    );

    const draft = await result(client, 'draft_reply', { taskId: task.id, kind: 'quick' });
    expect(draft).toMatchObject({ taskId: task.id, kind: 'quick', engine: { kind: 'offline', model: null } });
    expect(draft.writtenBy).toMatch(/offline/);
    expect(draft.text.length).toBeGreaterThan(10);
    expect((await getTask(user, task.id)).json<Task>().responses.quick).toBe(draft.text);
  });

  it('offers a key with knowledge_base:read only the two knowledge tools and refuses the others', async () => {
    const { user, contact } = await userWithData('axolotl');
    const key = await createKey(user, [{ resource: 'knowledge_base', actions: ['read'] }]);
    const client = await connect(key.fullKey);

    expect(await toolNames(client)).toEqual(['get_document', 'search_knowledge_base']);
    const search = await result(client, 'search_knowledge_base', { query: 'axolotl' });
    expect(search.passages).toHaveLength(1);

    expect(await failure(client, 'list_contacts')).toMatch(/list_contacts/);
    expect(await failure(client, 'get_contact_history', { contactId: contact.id })).toMatch(
      /get_contact_history/,
    );
    expect(await failure(client, 'create_task', { title: 'Sneaky', type: 'proactive_message' })).toMatch(
      /create_task/,
    );
    const page = (await call(user, 'GET', '/api/tasks')).json<TaskPage>();
    expect(page.items.map((task) => task.title)).not.toContain('Sneaky');
  });

  // The permission matrix: each tool against its permission, and against every other one.
  const TOOL_PERMISSIONS: Array<[string, ApiKeyPermission['resource'], 'read' | 'write']> = [
    ['search_knowledge_base', 'knowledge_base', 'read'],
    ['get_document', 'knowledge_base', 'read'],
    ['list_contacts', 'contacts', 'read'],
    ['get_contact_history', 'messages', 'read'],
    ['list_tasks', 'contacts', 'read'],
    ['create_task', 'contacts', 'write'],
    ['draft_reply', 'ai_models', 'write'],
  ];
  it('offers each tool exactly to keys holding its permission (matrix over every permission)', async () => {
    expect(TOOL_PERMISSIONS.map(([tool]) => tool).sort()).toEqual(ALL_TOOLS);
    const user = await signedInUser(doppel);
    for (const [tool, resource, action] of TOOL_PERMISSIONS) {
      const only = await createKey(user, [{ resource, actions: [action] }]);
      expect(await toolNames(await connect(only.fullKey)), `${tool} with ${resource}:${action}`).toContain(
        tool,
      );
      const allOthers = ALL_PERMISSIONS.flatMap((permission) => {
        const actions = permission.actions.filter(
          (candidate) => !(permission.resource === resource && candidate === action),
        );
        return actions.length > 0 ? [{ resource: permission.resource, actions }] : [];
      });
      const others = await connect((await createKey(user, allOthers)).fullKey);
      expect(await toolNames(others), `${tool} without ${resource}:${action}`).not.toContain(tool);
      const refused = (await others.callTool({ name: tool, arguments: {} })) as CallToolResult;
      expect(refused.isError, `${tool} called without ${resource}:${action}`).toBe(true);
    }
  });

  it('offers no tools to a key whose permissions open none of them', async () => {
    const user = await signedInUser(doppel);
    const key = await createKey(user, [{ resource: 'messages', actions: ['write'] }]);
    const client = await connect(key.fullKey);
    expect(await toolNames(client)).toEqual([]);
    expect(await failure(client, 'list_tasks')).toMatch(/list_tasks/);
  });

  it('refuses a missing, unknown or revoked key with 401, on connect and on every later request', async () => {
    const user = await signedInUser(doppel);
    await expect(connect()).rejects.toMatchObject({ code: 401 });
    await expect(connect('dpl_' + 'x'.repeat(32))).rejects.toMatchObject({ code: 401 });

    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ error: { code: 'unauthorized', message: INVALID_KEY_MESSAGE } });

    const key = await createKey(user, ALL_PERMISSIONS);
    const client = await connect(key.fullKey);
    expect(await toolNames(client)).toEqual(ALL_TOOLS);
    const revoked = await call(user, 'PATCH', `/api/keys/${key.id}`, { isActive: false });
    expect(revoked.statusCode).toBe(200);
    // Stateless: the connected client's next request is checked again.
    await expect(client.listTools()).rejects.toMatchObject({ code: 401 });
    await expect(connect(key.fullKey)).rejects.toMatchObject({ code: 401 });
  });

  it('answers with rate-limit headers and 429 past the key’s limit', async () => {
    const user = await signedInUser(doppel);
    const key = await createKey(user, ALL_PERMISSIONS, {
      rateLimit: { requestsPerMinute: 4, requestsPerDay: 100 },
    });
    const initialize = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key.fullKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('ratelimit')).toMatch(/remaining=3/);
    const body = (await initialize.json()) as { result: { serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe('doppel');

    // Connecting takes two requests (initialize, then the initialized notification): four in all.
    const client = await connect(key.fullKey);
    expect(await toolNames(client)).toEqual(ALL_TOOLS);
    await expect(client.listTools()).rejects.toMatchObject({ code: 429 });
  });

  it('answers GET and DELETE with 405, as a stateless server does', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(mcpUrl, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it("never shows one user's documents, contacts or tasks to another user's key", async () => {
    const a = await userWithData('quokka');
    const b = await userWithData('quokka');
    const client = await connect((await createKey(a.user, ALL_PERMISSIONS)).fullKey);

    const search = await result(client, 'search_knowledge_base', { query: 'quokka', limit: 10 });
    expect(search.passages.map((passage: { documentId: string }) => passage.documentId)).toEqual([
      a.thought.id,
    ]);
    expect(await failure(client, 'get_document', { id: b.thought.id })).toBe('Document not found');

    const contacts = await result(client, 'list_contacts', { query: 'quokka' });
    expect(contacts.contacts.map((contact: { id: string }) => contact.id)).toEqual([a.contact.id]);
    expect(await failure(client, 'get_contact_history', { contactId: b.contact.id })).toBe(
      'Contact not found',
    );

    const tasks = await result(client, 'list_tasks', { limit: 100 });
    expect(tasks.tasks.map((task: { id: string }) => task.id)).toEqual([a.task.id]);
    expect(await failure(client, 'draft_reply', { taskId: b.task.id, kind: 'quick' })).toBe('Task not found');
    expect((await getTask(b.user, b.task.id)).json<Task>().responses).toEqual({});
    expect(
      await failure(client, 'create_task', {
        title: 'Theirs',
        type: 'proactive_message',
        contactId: b.contact.id,
      }),
    ).toMatch(/contactId/);
  });
});
