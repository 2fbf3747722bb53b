import type { FastifyInstance } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import { apiKeyResources } from '@doppel/contracts';
import type { AppContext } from '../lib/context';
import { routeTable } from '../lib/typed-routes';
import { PUBLIC_API_SECURITY, V1_TAG } from './route-permission';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI 3.1 document of the public API alone (see registerPublicApiDocs). */
    publicApiSwagger: () => unknown;
  }
}

const PREFIX = '/api/v1/';

/** Only the public routes make it into the public document; everything else is hidden. */
const publicRoutesOnly: SwaggerTransform = (document) =>
  document.url.startsWith(PREFIX) && document.schema?.tags?.includes(V1_TAG)
    ? jsonSchemaTransform(document)
    : { schema: { hide: true }, url: document.url };

/**
 * The public API's own OpenAPI 3.1 document at /api/v1/openapi.json and a readable page of it at
 * /api/v1/docs, both open without a key. A second @fastify/swagger (its own decorator) collects
 * the routes registered after it, keeping those tagged v1 under /api/v1; call this on the root
 * instance right before the /api/v1 scope is registered. The private document stays at
 * /api/openapi.json.
 */
export async function registerPublicApiDocs(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifySwagger, {
    decorator: 'publicApiSwagger',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Doppel public API',
        version: '1.0.0',
        description: INTRO,
      },
      servers: [{ url: ctx.config.publicUrl.replace(/\/+$/, '') }],
      components: {
        securitySchemes: {
          [PUBLIC_API_SECURITY]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key',
            description:
              'An API key from the API keys page: `Authorization: Bearer dpl_…`. Each operation lists the permission it needs as its scope.',
          },
        },
      },
      security: [{ [PUBLIC_API_SECURITY]: [] }],
      tags: [{ name: V1_TAG, description: 'Public REST API, version 1' }],
    },
    transform: publicRoutesOnly,
  });
  let page: string | undefined;
  const on = routeTable(app);
  on('v1.openApi', async () => app.publicApiSwagger());
  on('v1.docs', async (_request, reply) => {
    page ??= renderDocsPage(app.publicApiSwagger() as OpenApiDocument, ctx.config.publicUrl);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

const INTRO =
  'Reach your Doppel contacts, message history, knowledge base and AI drafting from other tools. ' +
  'Every request carries an API key as a bearer token; each key has per-resource permissions ' +
  '(contacts, messages, knowledge_base, ai_models × read, write) and limits per minute and per day. ' +
  'Errors answer `{ "error": { "code", "message" } }`: 401 for a missing, unknown, revoked or expired key, ' +
  '403 naming the missing permission, 404 for anything that is not yours, 429 past a limit (with Retry-After). ' +
  'Some also carry a `reason` (for example `contact_not_found`), a stable code for which refusal it is.';

// The parts of an OpenAPI 3.1 document the page reads.
interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SAMPLE_ID = '7b0c6a3e-2f4d-4c1a-9e8b-5d6f7a8b9c0d';
/** Example values for the curl lines, by field name. */
const SAMPLES: Record<string, unknown> = {
  id: SAMPLE_ID,
  contactId: SAMPLE_ID,
  name: 'Ada Lovelace',
  company: 'Analytical Engines',
  language: 'en',
  source: 'telegram',
  handle: '123456789',
  text: 'Thanks, see you on Monday!',
  message: 'Hi! Could you send me your pricing for a team of ten?',
  kind: 'quick',
  q: 'pricing',
  url: 'https://example.com/article',
  content: 'Our pricing starts at 20 EUR per seat and month.',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markdown `code` spans of the descriptions as <code>; everything else as text. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const limits: string[] = [];
  if (schema.format) limits.push(schema.format);
  if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`);
  // A bare integer's "maximum" is the largest safe integer: no limit worth telling.
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    limits.push(`≤ ${schema.maximum}`);
  if (schema.minLength === 1) limits.push('not empty');
  else if (schema.minLength) limits.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`);
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits.length > 0 ? `${type} (${limits.join(', ')})` : type;
}

function sampleFor(name: string, schema: JsonSchema | undefined): unknown {
  const sample = SAMPLES[name];
  if (schema?.enum) return schema.enum.includes(sample) ? sample : schema.enum[0];
  if (sample !== undefined) return sample;
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return schema?.minimum ?? 1;
  if (type === 'boolean') return true;
  return 'text';
}

/** Optional fields worth showing in an example, when an operation has them. */
const SHOWN_OPTIONAL = new Set(['source', 'handle', 'contactId', 'kind']);

/** A body for the example: the required fields and the telling optional ones (else the first field). */
function exampleBody(schema: JsonSchema): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  let names = Object.keys(properties).filter((name) => required.has(name) || SHOWN_OPTIONAL.has(name));
  if (names.length === 0) names = Object.keys(properties).slice(0, 1);
  return Object.fromEntries(names.map((name) => [name, sampleFor(name, properties[name])]));
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function exampleCurl(baseUrl: string, method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  let url = path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    String(sampleFor(name, parameters.find((p) => p.name === name)?.schema)),
  );
  const query = parameters.filter((p) => p.in === 'query' && (p.required || p.name === 'q'));
  if (query.length > 0) {
    url += `?${new URLSearchParams(query.map((p): [string, string] => [p.name, String(sampleFor(p.name, p.schema))])).toString()}`;
  }
  const lines = [
    `curl -X ${method.toUpperCase()} ${shellQuote(`${baseUrl.replace(/\/+$/, '')}${url}`)}`,
    `  -H "Authorization: Bearer $DOPPEL_API_KEY"`,
  ];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) {
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d ${shellQuote(JSON.stringify(exampleBody(body)))}`,
    );
  }
  return lines.join(' \\\n');
}

function permissionOf(operation: Operation): string | null {
  return (
    operation.security?.find((requirement) => requirement[PUBLIC_API_SECURITY])?.[PUBLIC_API_SECURITY]?.[0] ??
    null
  );
}

function fieldRows(
  rows: { name: string; where: string; required: boolean; schema?: JsonSchema; description?: string }[],
) {
  if (rows.length === 0) return '';
  return `<table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code></td><td>${row.where}</td><td>${escapeHtml(typeOf(row.schema))}</td><td>${row.required ? 'yes' : 'no'}</td><td>${prose(row.description ?? row.schema?.description ?? '')}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

function renderOperation(baseUrl: string, method: string, path: string, operation: Operation): string {
  const permission = permissionOf(operation);
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const order = ['path', 'query', 'header'];
  const parameters = [...(operation.parameters ?? [])].sort(
    (a, b) => order.indexOf(a.in) - order.indexOf(b.in),
  );
  const rows = [
    ...parameters.map((p) => ({
      name: p.name,
      where: p.in,
      required: Boolean(p.required),
      schema: p.schema,
      description: p.description,
    })),
    ...Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
      name,
      where: 'body',
      required: (body?.required ?? []).includes(name),
      schema,
    })),
  ];
  const responses = Object.keys(operation.responses ?? {})
    .map((status) => `<code>${escapeHtml(status)}</code>`)
    .join(', ');
  return `<section id="${anchorOf(method, path)}" class="endpoint">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ''}
<p><strong>Permission:</strong> ${permission ? `<code>${escapeHtml(permission)}</code>` : 'any valid key'}</p>
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
${rows.length > 0 ? `<h4>Parameters</h4>${fieldRows(rows)}` : '<p>No parameters.</p>'}
${responses ? `<p><strong>Success:</strong> ${responses} with JSON; errors as described above.</p>` : ''}
<h4>Example</h4>
<pre><code>${escapeHtml(exampleCurl(baseUrl, method, path, operation))}</code></pre>
</section>`;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--line:#d1d9e0;--code:#f6f8fa;--accent:#0969da}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--line:#3d444d;--code:#151b23;--accent:#4493f8}}
body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0}
main{max-width:960px;margin:0 auto;padding:24px 20px 64px}
h1{margin:0 0 8px}h2{margin-top:40px;border-bottom:1px solid var(--line);padding-bottom:6px}
h3{margin:0 0 4px;font-size:17px}h4{margin:16px 0 6px;font-size:14px;color:var(--muted)}
a{color:var(--accent)}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:12px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
.endpoint{border:1px solid var(--line);border-radius:8px;padding:16px;margin:16px 0}
.summary{color:var(--muted);margin:0 0 8px}
.method{display:inline-block;min-width:56px;text-align:center;border-radius:4px;padding:1px 6px;font-size:13px;color:#fff;background:#59636e}
.method.get{background:#1a7f37}.method.post{background:#0969da}.method.patch{background:#9a6700}.method.delete{background:#cf222e}
`;

/** The docs page: every operation of the public document with its permission, parameters and a curl line. */
export function renderDocsPage(document: OpenApiDocument, baseUrl: string): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
  );
  const toc = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${anchorOf(method, path)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a> — ${escapeHtml(operation.summary ?? '')}${permissionOf(operation) ? ` <code>${escapeHtml(permissionOf(operation)!)}</code>` : ''}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${prose(document.info.description ?? '')}</p>
<h2>Authentication</h2>
<p>Create a key on the API keys page of Doppel and send it with every request: <code>Authorization: Bearer dpl_…</code>. A key carries read and write permissions per resource: ${apiKeyResources
    .map((resource) => `<code>${resource}</code>`)
    .join(', ')}.</p>
<p>Every answer carries <code>RateLimit</code> and <code>RateLimit-Policy</code> headers; past the key's limit per minute or per day the API answers 429 with <code>Retry-After</code> in seconds.</p>
<p>The machine-readable description is at <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a> (OpenAPI 3.1).</p>
<h2>Endpoints</h2>
<ul>
${toc}
</ul>
${operations.map(({ path, method, operation }) => renderOperation(baseUrl, method, path, operation)).join('\n')}
</main>
</body>
</html>
`;
}
