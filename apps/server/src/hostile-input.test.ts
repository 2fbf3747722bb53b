import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, messengerPlatforms, type CreatedApiKey } from '@doppel/contracts';
import type { DoppelApp } from './app';
import { createTestApp, signedInUser, uniqueIp } from './test-support/test-app';

/*
 * Hostile input, sent to every operation of both OpenAPI documents (read at run time, so a new
 * route is covered without touching this file): NUL and unpaired surrogates in every string of
 * a JSON body, %00, encoded surrogates and broken percent-encoding in every query and path
 * parameter, malformed multipart bodies, NUL in an uploaded file's name. No answer may be a 5xx;
 * text the server cannot store is refused with 400 invalid_characters before any handler runs.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
interface Op {
  method: string;
  /** OpenAPI form: /api/tasks/{id} */
  path: string;
  operation: Operation;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Text a JSON body may carry that no database column can hold. */
const BODY_POISON = { nul: 'a\u0000b', 'lone high surrogate': 'a\ud800b', 'lone low surrogate': '\udc00' };
/** The same, and broken percent-encoding, as they arrive in a URL. */
const URL_POISON = {
  nul: 'a%00b',
  'encoded surrogate': '%ED%A0%80',
  'invalid percent-encoding': '%E0%A4%zz',
};

let doppel: DoppelApp;
let session: Awaited<ReturnType<typeof signedInUser>>;
let apiKey: string;
let requestsSent = 0;

/** Ids made or found for the path parameters, by the collection's path: /api/tasks → an id. */
const idOfCollection = new Map<string, string>();

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  requestsSent++;
  return doppel.app.inject(options);
}

function authHeaders(path: string): Record<string, string> {
  return { authorization: `Bearer ${path.startsWith('/api/v1/') ? apiKey : session.accessToken}` };
}

/** The first schema of a union that is not null. */
function nonNull(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return nonNull(options.find((option) => option.type !== 'null') ?? options[0]!);
  return schema;
}

/** A plausible value for a schema: every property present, so every string can be poisoned. */
function sample(raw: JsonSchema | undefined, name = ''): unknown {
  if (!raw) return 'text';
  const schema = nonNull(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, name)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        value[key] = sample(property, key);
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        value.key = sample(schema.additionalProperties, 'key');
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, name));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case 'email':
      return `fuzz-${randomUUID()}@example.com`;
    case 'uri':
    case 'url':
      return 'https://example.com/page';
    case 'uuid': {
      // contactId: the id made for a …/contacts collection, if there is one.
      const kind = name.replace(/Id$/, '');
      const known = [...idOfCollection].find(([collection]) => collection.endsWith(`/${kind}s`));
      return known?.[1] ?? randomUUID();
    }
    case 'date':
      return '2026-03-01';
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
  }
  return 'text'.padEnd(schema.minLength ?? 0, 'x');
}

type Path = (string | number)[];
/** Where the strings of a value are: [path, is-a-key]. */
function stringsIn(value: unknown, path: Path = []): [Path, boolean][] {
  if (typeof value === 'string') return [[path, false]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [
      [[...path, key], true] as [Path, boolean],
      ...stringsIn(item, [...path, key]),
    ]);
  return [];
}

/** A copy of `value` with the string (or the key) at `path` carrying `poison`. */
function poisoned(value: unknown, [path, isKey]: [Path, boolean], poison: string): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (path.length === 0) return `${String(value)}${poison}`;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string | number, unknown>>(
      (node, step) => node[step] as Record<string | number, unknown>,
      copy,
    );
  const last = path.at(-1)!;
  if (isKey) {
    parent[`${String(last)}${poison}`] = parent[last];
    delete parent[last];
  } else parent[last] = `${String(parent[last])}${poison}`;
  return copy;
}

function operationsOf(document: OpenApiDocument): Op[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path,
      operation: item[method]!,
    })),
  );
}

const jsonBodySchema = (op: Op) => op.operation.requestBody?.content?.['application/json']?.schema;

/** The route table knows which routes read multipart bodies. */
const multipartRoutes = new Set(
  allRoutes()
    .filter((route) => route.multipart)
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
);

/** A real id for a path parameter: made through the collection's POST, else listed by its GET. */
async function resolveParam(ops: Op[], path: string, parameter: Parameter, filled: string): Promise<string> {
  const schema = parameter.schema ? nonNull(parameter.schema) : undefined;
  if (schema?.enum) return String(schema.enum[0]);
  const collection = filled.slice(0, filled.indexOf(`{${parameter.name}}`) - 1);
  const cached = idOfCollection.get(collection);
  if (cached) return cached;
  const create = ops.find(
    (op) => op.method === 'POST' && op.path === path.slice(0, path.indexOf(`{${parameter.name}}`) - 1),
  );
  let id: string | undefined;
  if (create) {
    const response = await inject({
      method: 'POST',
      url: collection,
      headers: authHeaders(collection),
      payload: sample(jsonBodySchema(create)) ?? {},
    });
    if (response.statusCode < 300) id = response.json<{ id?: string }>().id;
  }
  if (!id) {
    const response = await inject({ method: 'GET', url: collection, headers: authHeaders(collection) });
    if (response.statusCode === 200) {
      const body = response.json<{ items?: { id?: string }[] } | { id?: string }[]>();
      id = (Array.isArray(body) ? body : (body.items ?? []))[0]?.id;
    }
  }
  id ??= randomUUID();
  idOfCollection.set(collection, id);
  return id;
}

/** The operation's path with every parameter filled, the real values kept by name. */
async function fillPath(ops: Op[], op: Op): Promise<{ url: string; values: Map<string, string> }> {
  const values = new Map<string, string>();
  let url = op.path;
  const position = (parameter: Parameter) => op.path.indexOf(`{${parameter.name}}`);
  const inPath = (op.operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
  // Left to right: a collection's id is made before the ids of what is in it.
  for (const parameter of inPath.sort((a, b) => position(a) - position(b))) {
    const value = await resolveParam(ops, op.path, parameter, url);
    values.set(parameter.name, value);
    url = url.replace(`{${parameter.name}}`, value);
  }
  return { url, values };
}

/** What the answer must be, besides never a 5xx. */
type Expected = 'invalid characters' | 'bad request' | 'client error';
interface Sent {
  op: Op;
  what: string;
  response: LightMyRequestResponse;
  expected: Expected;
}

const CRLF = '\r\n';
const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';
function part(headers: string, content = 'hello'): string {
  return `--${BOUNDARY}${CRLF}${headers}${CRLF}${CRLF}${content}${CRLF}`;
}
const fileHeaders = (fileName: string) =>
  `Content-Disposition: form-data; name="files"; filename="${fileName}"${CRLF}Content-Type: text/plain`;
const end = `--${BOUNDARY}--${CRLF}`;
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

/** Broken multipart bodies, each answered 400: [what, content type, body]. */
const MALFORMED_MULTIPART: [string, string, string | Buffer][] = [
  ['truncated body', multipartType, `--${BOUNDARY}${CRLF}${fileHeaders('notes.txt')}${CRLF}${CRLF}hel`],
  ['no boundary', 'multipart/form-data', part(fileHeaders('notes.txt')) + end],
  ['wrong boundary', 'multipart/form-data; boundary=somethingelse', part(fileHeaders('notes.txt')) + end],
  ['part without a name', multipartType, part('Content-Disposition: form-data; filename="a.txt"') + end],
  ['part without headers', multipartType, `--${BOUNDARY}${CRLF}${CRLF}hello${CRLF}${end}`],
  // The parser keeps the first 80 KB of a part's header; the name after them is lost.
  [
    'oversized part header',
    multipartType,
    part(`X-Padding: ${'x'.repeat(100_000)}${CRLF}${fileHeaders('notes.txt')}`) + end,
  ],
  [
    'header without an end',
    multipartType,
    `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="files"`,
  ],
  ['not multipart at all', multipartType, Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81])],
  ['empty body', multipartType, ''],
  ['only the closing boundary', multipartType, end],
];

/** Multipart bodies well formed but for text no column can hold: [what, body]. */
const HOSTILE_MULTIPART: [string, string][] = [
  ['NUL in a file name', part(fileHeaders('no\u0000tes.txt')) + end],
  [
    'NUL in an encoded file name',
    part(
      `Content-Disposition: form-data; name="files"; filename*=UTF-8''no%00tes.txt${CRLF}Content-Type: text/plain`,
    ) + end,
  ],
  ['NUL in a field', part('Content-Disposition: form-data; name="category"', 'documents\u0000') + end],
];

async function sendAll(ops: Op[], op: Op): Promise<Sent[]> {
  const sent: Sent[] = [];
  const { url, values } = await fillPath(ops, op);
  const send = async (
    what: string,
    expected: Expected,
    {
      headers = {},
      ...options
    }: { url: string; headers?: Record<string, string>; payload?: string | Buffer },
  ) => {
    const attempt = () =>
      inject({
        method: op.method as 'GET',
        remoteAddress: uniqueIp(),
        headers: { ...authHeaders(url), ...headers },
        ...options,
      });
    let response = await attempt();
    if (response.statusCode === 401 && !url.startsWith('/api/v1/')) {
      // A request that reached its handler may have ended the session (sign-out); the next
      // ones must still reach theirs.
      await signInAgain();
      response = await attempt();
    }
    sent.push({ op, what, response, expected });
  };

  const queryNames = (op.operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of queryNames.length > 0 ? queryNames : ['q']) {
    for (const [kind, poison] of Object.entries(URL_POISON))
      await send(`query ${name}: ${kind}`, 'invalid characters', { url: `${url}?${name}=${poison}` });
  }
  for (const [name, value] of values) {
    for (const [kind, poison] of Object.entries(URL_POISON)) {
      await send(`path ${name}: ${kind}`, 'invalid characters', {
        url: op.path.replace(/\{(\w+)\}/g, (_all, other: string) =>
          other === name ? `${value}${poison}` : values.get(other)!,
        ),
      });
    }
  }

  if (op.method !== 'GET') {
    const schema = jsonBodySchema(op);
    const body = schema ? (sample(schema) ?? {}) : { note: 'text' };
    const strings = stringsIn(body);
    for (const where of strings.length > 0 ? strings : [[['note'], false] as [Path, boolean]]) {
      for (const [kind, poison] of Object.entries(BODY_POISON)) {
        await send(
          `body ${where[0].join('.') || '(root)'}${where[1] ? ' (key)' : ''}: ${kind}`,
          'invalid characters',
          {
            url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(poisoned(strings.length > 0 ? body : { note: 'text' }, where, poison)),
          },
        );
      }
    }
  }

  if (WRITE_METHODS.has(op.method)) {
    // A route that reads no multipart refuses it as it likes (415 as 400, 403 off-site…).
    const readsMultipart = multipartRoutes.has(`${op.method} ${op.path}`);
    for (const [what, contentType, payload] of MALFORMED_MULTIPART)
      await send(`multipart: ${what}`, readsMultipart ? 'bad request' : 'client error', {
        url,
        headers: { 'content-type': contentType },
        payload,
      });
    for (const [what, payload] of HOSTILE_MULTIPART)
      await send(`multipart: ${what}`, readsMultipart ? 'invalid characters' : 'client error', {
        url,
        headers: { 'content-type': multipartType },
        payload,
      });
  }
  return sent;
}

function describeFailure({ op, what, response }: Sent): string {
  const code = (() => {
    try {
      return response.json<{ error?: { code?: string } }>().error?.code ?? '-';
    } catch {
      return '-';
    }
  })();
  return `${op.method} ${op.path} [${what}] → ${response.statusCode} ${code}`;
}

async function signInAgain(): Promise<void> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: session.ip,
    payload: { email: session.email, password: session.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  session = { ...session, accessToken: response.json<{ accessToken: string }>().accessToken };
}

beforeAll(async () => {
  doppel = await createTestApp();
  const user = await signedInUser(doppel);
  session = user;
  const key = await doppel.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: {
      name: 'fuzz',
      permissions: ['contacts', 'messages', 'knowledge_base', 'ai_models'].map((resource) => ({
        resource,
        actions: ['read', 'write'],
      })),
      rateLimit: { requestsPerMinute: 10_000, requestsPerDay: 1_000_000 },
    },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json<CreatedApiKey>().fullKey;
  // A document to reach the knowledge routes of an existing one.
  const thought = await doppel.app.inject({
    method: 'POST',
    url: '/api/documents/thoughts',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: { content: 'A first thought about pricing.' },
  });
  expect(thought.statusCode, thought.body).toBe(201);
});

afterAll(async () => {
  await doppel.app.close();
});

describe('hostile input on every documented route', () => {
  it('never answers 5xx; NUL, unpaired surrogates and broken encoding get 400 invalid_characters', async () => {
    const documents = await Promise.all(
      ['/api/openapi.json', '/api/v1/openapi.json'].map(async (url) => {
        const response = await doppel.app.inject({ url });
        expect(response.statusCode).toBe(200);
        return response.json<OpenApiDocument>();
      }),
    );
    const [privateOps, publicOps] = documents.map(operationsOf) as [Op[], Op[]];
    expect(privateOps.length).toBeGreaterThan(100);
    expect(publicOps.length).toBeGreaterThan(10);
    // The public routes are in both documents; each is sent once, and deletions come last so
    // they do not take away what the others reach.
    const seen = new Set<string>();
    const ops = [...privateOps, ...publicOps]
      .filter((op) => !seen.has(`${op.method} ${op.path}`) && seen.add(`${op.method} ${op.path}`))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    const sent: Sent[] = [];
    for (const op of ops) sent.push(...(await sendAll(ops, op)));

    const failures = sent
      .filter(({ response, expected }) => {
        const status = response.statusCode;
        if (expected === 'client error') return status < 400 || status >= 500;
        if (expected === 'bad request') return status !== 400;
        return (
          status !== 400 ||
          response.json<{ error?: { code?: string } }>().error?.code !== 'invalid_characters'
        );
      })
      .map(describeFailure);
    expect(failures).toEqual([]);
    // Every multipart route in the table was reached with a hostile file name.
    expect(multipartRoutes.size).toBeGreaterThan(0);
    for (const route of multipartRoutes) expect(seen).toContain(route);
    expect(requestsSent).toBeGreaterThan(1000);
  }, 120_000);
});

describe('hostile input on the doors the documents leave out', () => {
  const mcp = (payload: string, url = '/mcp') =>
    inject({
      method: 'POST',
      url,
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload,
    });
  const rpc = (method: string, params?: object) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

  it('MCP: every string of every tool’s arguments, and the URL, are refused as a JSON-RPC error', async () => {
    const listed = await mcp(rpc('tools/list'));
    expect(listed.statusCode, listed.body).toBe(200);
    const { tools } = listed.json<{ result: { tools: { name: string; inputSchema: JsonSchema }[] } }>()
      .result;
    expect(tools.length).toBeGreaterThan(0);

    const answers: [string, LightMyRequestResponse][] = [];
    for (const tool of tools) {
      const args = sample(tool.inputSchema);
      for (const where of stringsIn(args)) {
        for (const [kind, poison] of Object.entries(BODY_POISON)) {
          const payload = rpc('tools/call', { name: tool.name, arguments: poisoned(args, where, poison) });
          answers.push([`${tool.name} ${where[0].join('.')}: ${kind}`, await mcp(payload)]);
        }
      }
    }
    for (const [kind, poison] of Object.entries(URL_POISON))
      answers.push([`url: ${kind}`, await mcp(rpc('tools/list'), `/mcp?q=${poison}`)]);

    const failures = answers
      .filter(([, response]) => {
        if (response.statusCode !== 400) return true;
        const body = response.json<{
          jsonrpc?: string;
          error?: { code?: number; data?: { code?: string } };
        }>();
        return (
          body.jsonrpc !== '2.0' ||
          body.error?.code !== -32600 ||
          body.error.data?.code !== 'invalid_characters'
        );
      })
      .map(([what, response]) => `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    expect(failures).toEqual([]);

    const unreadable = await mcp('{"jsonrpc": "2.0", "id": 1,');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 }, id: null });
  });

  it('webhooks: the raw body reaches the signature check untouched; a hostile URL is refused', async () => {
    const answers: [string, LightMyRequestResponse, boolean][] = [];
    for (const platform of messengerPlatforms) {
      const url = `/webhooks/${platform}/${randomUUID()}`;
      for (const [kind, poison] of Object.entries(BODY_POISON)) {
        // Not this door's to refuse: an unknown connection is 404 whatever the body says.
        const response = await inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ text: poison }),
        });
        answers.push([`${platform} body: ${kind}`, response, false]);
      }
      for (const [what, contentType, payload] of MALFORMED_MULTIPART) {
        const response = await inject({
          method: 'POST',
          url,
          headers: { 'content-type': contentType },
          payload,
        });
        answers.push([`${platform} multipart: ${what}`, response, false]);
      }
      for (const [kind, poison] of Object.entries(URL_POISON)) {
        for (const method of ['GET', 'POST'] as const) {
          answers.push([
            `${platform} ${method} query: ${kind}`,
            await inject({ method, url: `${url}?hub.challenge=${poison}` }),
            true,
          ]);
          answers.push([
            `${platform} ${method} path: ${kind}`,
            await inject({ method, url: `${url}${poison}` }),
            true,
          ]);
        }
      }
    }
    const failures = answers
      .filter(([, response, refused]) =>
        refused
          ? response.statusCode !== 400 ||
            response.json<{ error?: { code?: string } }>().error?.code !== 'invalid_characters'
          : response.statusCode !== 404,
      )
      .map(([what, response]) => `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    expect(failures).toEqual([]);
  });
});
