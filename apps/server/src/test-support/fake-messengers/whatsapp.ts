import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake WhatsApp Cloud API (Meta Graph API) on 127.0.0.1 speaking the real shapes
 *: GET /<phone_number_id>?fields=…, POST /<phone_number_id>/messages (text and template
 * messages) and GET /<WABA_ID>/message_templates (paged with cursors) with Bearer access tokens,
 * Graph errors `{ error: { message, type, code, error_data?, fbtrace_id } }` (401 code 190 for bad
 * tokens), and scripted failures (429 with Retry-After, 5xx).
 *
 * Templates are checked as Graph checks them: an unknown or unapproved template in that language
 * is 132001, a wrong number of parameters for the header or body 132000, an empty one 131008.
 * A number added with `customerServiceWindow` refuses free text to anyone who has not written to
 * it in the last 24 hours (`customerMessaged`) with 131047, "Re-engagement message". (The real
 * Cloud API may accept such a request and report 131047 later in a `failed` status webhook;
 * refusing at once is the stricter reading, and Doppel checks the window before sending.)
 */

export interface WhatsAppNumber {
  verifiedName: string;
  /** As Meta formats it, e.g. "+1 555-010-0200". */
  displayPhoneNumber: string;
}

export interface FakeWhatsAppRequest {
  httpMethod: string;
  /** The URL path, e.g. /123456/messages. */
  path: string;
  query: Record<string, string>;
  /** The Bearer token sent, if any. */
  token: string | null;
  /** The parsed JSON body, or null. */
  body: unknown;
  /** Date.now() when it arrived. */
  at: number;
}

/** A message the fake accepted, as the adapter posted it. */
export interface WhatsAppSentMessage {
  id: string;
  to: string;
  body: Record<string, unknown>;
  /** A template message as the recipient reads it: header and body with the parameters filled. */
  rendered?: string;
}

/** A message template as Graph lists it (GET /<WABA_ID>/message_templates). */
export interface FakeWhatsAppTemplate {
  name: string;
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  components: Record<string, unknown>[];
  /** Set by the fake unless given. */
  id?: string;
}

export interface FakeWhatsAppNumberOptions {
  /** Refuse free text to a recipient who has not written in the last 24 hours (131047). */
  customerServiceWindow?: boolean;
}

export interface FakeWhatsAppFailure {
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  message?: string;
}

export interface FakeWhatsAppOptions {
  /** 0 (any free port) unless given. */
  port?: number;
}

export interface FakeWhatsApp {
  /** The Graph API base URL with its version, as the adapter's baseUrl. */
  baseUrl: string;
  requests: FakeWhatsAppRequest[];
  addNumber(
    phoneNumberId: string,
    accessToken: string,
    number: WhatsAppNumber,
    options?: FakeWhatsAppNumberOptions,
  ): void;
  /**
   * A WhatsApp Business Account the token may read, owning these numbers, with its templates
   * (any status; the list shows them all, as Graph does).
   */
  addBusinessAccount(
    businessAccountId: string,
    accessToken: string,
    account: { phoneNumberIds: string[]; templates: FakeWhatsAppTemplate[] },
  ): void;
  /** The recipient (wa_id) wrote to the number at `at` (now by default): its 24-hour window opens. */
  customerMessaged(phoneNumberId: string, waId: string, at?: number): void;
  /** The next request to this path (e.g. /123456/messages) answers this status (queued per path). */
  failNext(path: string, status: number, options?: FakeWhatsAppFailure): void;
  /** Every message the number accepted, in order. */
  sent(phoneNumberId: string): WhatsAppSentMessage[];
  close(): Promise<void>;
}

/** The X-Hub-Signature-256 header value Meta sends with a webhook body. */
export function signWhatsApp(appSecret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export interface WhatsAppInboundText {
  phoneNumberId: string;
  from: string;
  text: string;
  /** The wamid; a fresh one unless given. */
  id?: string;
  /** The sender's profile name; no contacts entry when null. */
  name?: string | null;
  /** Unix seconds. */
  timestamp?: number;
}

/** A webhook payload as Meta POSTs it for one inbound text message. */
export function whatsAppTextPayload(message: WhatsAppInboundText): Record<string, unknown> {
  return whatsAppPayload(message.phoneNumberId, {
    contacts:
      message.name === null
        ? undefined
        : [{ profile: { name: message.name ?? 'Ann Lee' }, wa_id: message.from }],
    messages: [
      {
        from: message.from,
        id: message.id ?? wamid(),
        timestamp: String(message.timestamp ?? Math.floor(Date.now() / 1000)),
        text: { body: message.text },
        type: 'text',
      },
    ],
  });
}

/** A webhook payload as Meta POSTs it, with `value` holding messages, statuses or contacts. */
export function whatsAppPayload(
  phoneNumberId: string,
  value: Record<string, unknown>,
): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function wamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}

const MAX_TEXT = 4096;
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** Graph's page size of message_templates when no limit is asked. */
const DEFAULT_TEMPLATE_LIMIT = 25;
const TEMPLATE_FIELDS = new Set([
  'id',
  'name',
  'language',
  'status',
  'category',
  'components',
  'parameter_format',
  'quality_score',
  'rejected_reason',
]);
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: number,
    readonly subcode?: number,
    readonly retryAfter?: number,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** A template text's variables, each once: the positional ones by number. */
function placeholders(text: string): string[] {
  const keys = [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
  return keys.every((key) => /^\d+$/.test(key)) ? keys.sort((a, b) => Number(a) - Number(b)) : keys;
}

function componentText(template: FakeWhatsAppTemplate, type: 'HEADER' | 'BODY'): string | null {
  const component = template.components.find((item) => item.type === type);
  return component && typeof component.text === 'string' ? component.text : null;
}

function invalidToken(): GraphError {
  return new GraphError(401, 'Invalid OAuth access token.', 'OAuthException', 190);
}

function unknownObject(id: string, verb: 'get' | 'post'): GraphError {
  return new GraphError(
    400,
    `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    'GraphMethodException',
    100,
    33,
  );
}

function invalidParameter(message: string): GraphError {
  return new GraphError(400, message, 'OAuthException', 100);
}

function scripted(status: number, failure: FakeWhatsAppFailure): GraphError {
  if (status === 429) {
    return new GraphError(
      429,
      failure.message ?? '(#130429) Rate limit hit',
      'OAuthException',
      130429,
      undefined,
      failure.retryAfter,
    );
  }
  if (status >= 500) {
    return new GraphError(
      status,
      failure.message ?? 'An unexpected error has occurred. Please retry your request later.',
      'OAuthException',
      2,
      undefined,
      failure.retryAfter,
    );
  }
  return new GraphError(
    status,
    failure.message ?? 'Scripted failure',
    'OAuthException',
    100,
    undefined,
    failure.retryAfter,
  );
}

interface NumberState extends WhatsAppNumber {
  accessToken: string;
  sent: WhatsAppSentMessage[];
  window: boolean;
  /** wa_id → when it last wrote (ms). */
  lastInbound: Map<string, number>;
}

interface AccountState {
  accessToken: string;
  phoneNumberIds: string[];
  templates: (FakeWhatsAppTemplate & { id: string })[];
}

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const requests: FakeWhatsAppRequest[] = [];
  const numbers = new Map<string, NumberState>();
  const accounts = new Map<string, AccountState>();
  const failures = new Map<string, (FakeWhatsAppFailure & { status: number })[]>();

  function send(
    response: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  }

  /** The number the path names, if the token may use it; Graph's errors otherwise. */
  function knownToken(token: string | null): boolean {
    return (
      token !== null &&
      ([...numbers.values()].some((number) => number.accessToken === token) ||
        [...accounts.values()].some((account) => account.accessToken === token))
    );
  }

  function numberFor(id: string, token: string | null, verb: 'get' | 'post'): NumberState {
    if (!knownToken(token)) throw invalidToken();
    const number = numbers.get(id);
    if (!number || number.accessToken !== token) throw unknownObject(id, verb);
    return number;
  }

  function lookUp(number: NumberState, id: string, fields: string | null): Record<string, unknown> {
    const all: Record<string, unknown> = {
      verified_name: number.verifiedName,
      display_phone_number: number.displayPhoneNumber,
      code_verification_status: 'VERIFIED',
      quality_rating: 'GREEN',
      platform_type: 'CLOUD_API',
      throughput: { level: 'STANDARD' },
    };
    const wanted = fields
      ? fields
          .split(',')
          .map((field) => field.trim())
          .filter(Boolean)
      : Object.keys(all);
    const answer: Record<string, unknown> = {};
    for (const field of wanted) {
      if (!(field in all))
        throw invalidParameter(
          `(#100) Tried accessing nonexisting field (${field}) on node type (WhatsAppBusinessPhoneNumber)`,
        );
      answer[field] = all[field];
    }
    return { ...answer, id };
  }

  function accountFor(id: string, token: string | null): AccountState {
    if (!knownToken(token)) throw invalidToken();
    const account = accounts.get(id);
    if (!account || account.accessToken !== token) throw unknownObject(id, 'get');
    return account;
  }

  /** One page of the account's templates after the cursor, with Graph's paging. */
  function listTemplates(id: string, account: AccountState, url: URL): Record<string, unknown> {
    const fields = (url.searchParams.get('fields') ?? 'name,language,status,category,id')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    for (const field of fields) {
      if (!TEMPLATE_FIELDS.has(field)) {
        throw invalidParameter(
          `(#100) Tried accessing nonexisting field (${field}) on node type (WhatsAppMessageTemplate)`,
        );
      }
    }
    const limitText = url.searchParams.get('limit');
    const limit = limitText === null ? DEFAULT_TEMPLATE_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1)
      throw invalidParameter('(#100) Param limit must be a positive integer');
    const after = url.searchParams.get('after');
    let start = 0;
    if (after !== null) {
      const decoded = Number(Buffer.from(after, 'base64url').toString('utf8'));
      if (!Number.isInteger(decoded) || decoded < 0) throw invalidParameter('(#100) Invalid cursor');
      start = decoded + 1;
    }
    const page = account.templates.slice(start, start + limit);
    const data = page.map((template) => {
      const all: Record<string, unknown> = { ...template, id: template.id };
      return Object.fromEntries(
        [...fields, 'id'].map((field) => [field, all[field]]).filter(([, value]) => value !== undefined),
      );
    });
    if (page.length === 0) return { data };
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const last = start + page.length - 1;
    const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(last) } };
    if (last + 1 < account.templates.length) {
      const next = new URL(url.href);
      next.searchParams.set('after', cursor(last));
      paging.next = `https://graph.facebook.com/v21.0/${id}/message_templates?${next.searchParams.toString()}`;
    }
    return { data, paging };
  }

  /** Checks a template message against the number's account, as Graph does; what the recipient reads. */
  function checkTemplate(phoneNumberId: string, template: unknown): string {
    if (typeof template !== 'object' || template === null || Array.isArray(template)) {
      throw invalidParameter("(#100) The parameter template['name'] is required.");
    }
    const given = template as Record<string, unknown>;
    const language = given.language as Record<string, unknown> | undefined;
    if (typeof given.name !== 'string' || !given.name) {
      throw invalidParameter("(#100) The parameter template['name'] is required.");
    }
    if (typeof language !== 'object' || language === null || typeof language.code !== 'string') {
      throw invalidParameter("(#100) The parameter template['language']['code'] is required.");
    }
    const account = [...accounts.values()].find((item) => item.phoneNumberIds.includes(phoneNumberId));
    const found = account?.templates.find(
      (item) => item.name === given.name && item.language === language.code && item.status === 'APPROVED',
    );
    if (!found) {
      throw new GraphError(
        404,
        '(#132001) Template name does not exist in the translation',
        'OAuthException',
        132001,
        undefined,
        undefined,
        `template name (${given.name}) does not exist in ${language.code}`,
      );
    }
    const components = Array.isArray(given.components) ? (given.components as unknown[]) : [];
    const rendered: string[] = [];
    for (const type of ['HEADER', 'BODY'] as const) {
      const text = componentText(found, type);
      const expected = text === null ? [] : placeholders(text);
      const named = expected.some((key) => !/^\d+$/.test(key));
      const component = components.find(
        (item): item is Record<string, unknown> =>
          typeof item === 'object' &&
          item !== null &&
          (item as Record<string, unknown>).type === type.toLowerCase(),
      );
      const parameters = Array.isArray(component?.parameters) ? (component.parameters as unknown[]) : [];
      if (parameters.length !== expected.length) {
        throw new GraphError(
          400,
          '(#132000) Number of parameters does not match the expected number of params',
          'OAuthException',
          132000,
          undefined,
          undefined,
          `${type.toLowerCase()}: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected.length})`,
        );
      }
      const values: Record<string, string> = {};
      parameters.forEach((parameter, index) => {
        const item = (typeof parameter === 'object' && parameter !== null ? parameter : {}) as Record<
          string,
          unknown
        >;
        if (item.type !== 'text' || typeof item.text !== 'string' || !item.text.trim()) {
          throw new GraphError(400, '(#131008) Required parameter is missing', 'OAuthException', 131008);
        }
        const key = named ? item.parameter_name : expected[index];
        if (typeof key !== 'string' || !expected.includes(key)) {
          throw new GraphError(
            400,
            '(#132000) Number of parameters does not match the expected number of params',
            'OAuthException',
            132000,
            undefined,
            undefined,
            `${type.toLowerCase()}: parameter name (${String(item.parameter_name)}) is not in the template`,
          );
        }
        values[key] = item.text;
      });
      if (text !== null) rendered.push(text.replace(PLACEHOLDER, (_whole, key: string) => values[key] ?? ''));
    }
    return rendered.join('\n\n');
  }

  function postMessage(number: NumberState, phoneNumberId: string, body: unknown): Record<string, unknown> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalidParameter('(#100) The parameter messaging_product is required.');
    }
    const message = body as Record<string, unknown>;
    if (message.messaging_product !== 'whatsapp') {
      throw invalidParameter('(#100) The parameter messaging_product is required.');
    }
    if (typeof message.to !== 'string' || !message.to.trim())
      throw invalidParameter('(#100) The parameter to is required.');
    if (message.type === 'template') {
      const rendered = checkTemplate(phoneNumberId, message.template);
      const id = wamid();
      number.sent.push({ id, to: message.to, body: message, rendered });
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to.replace(/\D/g, '') }],
        messages: [{ id, message_status: 'accepted' }],
      };
    }
    if (message.type !== 'text')
      throw invalidParameter('(#100) Param type must be text or template in this fake.');
    const text = message.text as Record<string, unknown> | undefined;
    const textBody = typeof text === 'object' && text !== null ? text.body : undefined;
    if (typeof textBody !== 'string' || !textBody.trim()) {
      throw invalidParameter("(#100) The parameter text['body'] is required.");
    }
    if (textBody.length > MAX_TEXT) {
      throw invalidParameter(`(#100) Param text['body'] must be at most ${MAX_TEXT} characters long.`);
    }
    if (number.window) {
      const wrote = number.lastInbound.get(message.to.replace(/\D/g, ''));
      if (wrote === undefined || Date.now() - wrote > WINDOW_MS) {
        throw new GraphError(
          400,
          '(#131047) Re-engagement message',
          'OAuthException',
          131047,
          undefined,
          undefined,
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        );
      }
    }
    const id = wamid();
    number.sent.push({ id, to: message.to, body: message });
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: message.to.replace(/\D/g, '') }],
      messages: [{ id }],
    };
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    let body: unknown = null;
    let badJson = false;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        badJson = true;
      }
    }
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
    requests.push({
      httpMethod: request.method ?? '',
      path,
      query: Object.fromEntries(url.searchParams),
      token,
      body,
      at: Date.now(),
    });
    try {
      const failure = failures.get(path)?.shift();
      if (failure) throw scripted(failure.status, failure);
      const lookup = /^\/(\d+)$/.exec(path);
      const messages = /^\/(\d+)\/messages$/.exec(path);
      const templates = /^\/(\d+)\/message_templates$/.exec(path);
      if (request.method === 'GET' && templates) {
        const account = accountFor(templates[1]!, token);
        return send(response, 200, listTemplates(templates[1]!, account, url));
      }
      if (request.method === 'GET' && lookup) {
        const number = numberFor(lookup[1]!, token, 'get');
        return send(response, 200, lookUp(number, lookup[1]!, url.searchParams.get('fields')));
      }
      if (request.method === 'POST' && messages) {
        const number = numberFor(messages[1]!, token, 'post');
        if (badJson) throw invalidParameter('(#100) Invalid JSON for postback');
        return send(response, 200, postMessage(number, messages[1]!, body));
      }
      throw new GraphError(400, 'Unknown path components: ' + path, 'OAuthException', 2500);
    } catch (error) {
      const failed =
        error instanceof GraphError
          ? error
          : new GraphError(500, 'An unknown error has occurred.', 'OAuthException', 1);
      send(
        response,
        failed.status,
        {
          error: {
            message: failed.message,
            type: failed.type,
            code: failed.code,
            ...(failed.subcode !== undefined ? { error_subcode: failed.subcode } : {}),
            ...(failed.details !== undefined ? { error_data: { details: failed.details } } : {}),
            fbtrace_id: randomBytes(9).toString('base64url'),
          },
        },
        failed.retryAfter !== undefined ? { 'retry-after': String(failed.retryAfter) } : {},
      );
    }
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
        send(response, 500, { error: { message: 'An unknown error has occurred.', code: 1 } });
      else response.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v21.0`,
    requests,
    addNumber: (phoneNumberId, accessToken, number, numberOptions = {}) =>
      void numbers.set(phoneNumberId, {
        ...number,
        accessToken,
        sent: [],
        window: numberOptions.customerServiceWindow ?? false,
        lastInbound: new Map(),
      }),
    addBusinessAccount: (businessAccountId, accessToken, account) =>
      void accounts.set(businessAccountId, {
        accessToken,
        phoneNumberIds: [...account.phoneNumberIds],
        templates: account.templates.map((template, index) => ({
          ...template,
          id: template.id ?? String(1_000_000_000_000 + accounts.size * 1000 + index),
        })),
      }),
    customerMessaged: (phoneNumberId, waId, at = Date.now()) =>
      void numbers.get(phoneNumberId)?.lastInbound.set(waId.replace(/\D/g, ''), at),
    failNext: (path, status, failure = {}) => {
      const key = path.replace(/^\/v\d+\.\d+/, '');
      failures.set(key, [...(failures.get(key) ?? []), { ...failure, status }]);
    },
    sent: (phoneNumberId) => [...(numbers.get(phoneNumberId)?.sent ?? [])],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
