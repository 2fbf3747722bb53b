import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake WhatsApp Cloud API (Meta Graph API) on 127.0.0.1 speaking the real shapes
 *: GET /<phone_number_id>?fields=… and POST /<phone_number_id>/messages
 * with Bearer access tokens, Graph errors `{ error: { message, type, code, fbtrace_id } }`
 * (401 code 190 for bad tokens), and scripted failures (429 with Retry-After, 5xx).
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

/** A text message the fake accepted, as the adapter posted it. */
export interface WhatsAppSentMessage {
  id: string;
  to: string;
  body: Record<string, unknown>;
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
  addNumber(phoneNumberId: string, accessToken: string, number: WhatsAppNumber): void;
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

class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: number,
    readonly subcode?: number,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
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
}

export async function startFakeWhatsApp(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
  const requests: FakeWhatsAppRequest[] = [];
  const numbers = new Map<string, NumberState>();
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
  function numberFor(id: string, token: string | null, verb: 'get' | 'post'): NumberState {
    if (!token || ![...numbers.values()].some((number) => number.accessToken === token)) throw invalidToken();
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

  function postMessage(number: NumberState, body: unknown): Record<string, unknown> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw invalidParameter('(#100) The parameter messaging_product is required.');
    }
    const message = body as Record<string, unknown>;
    if (message.messaging_product !== 'whatsapp') {
      throw invalidParameter('(#100) The parameter messaging_product is required.');
    }
    if (typeof message.to !== 'string' || !message.to.trim())
      throw invalidParameter('(#100) The parameter to is required.');
    if (message.type !== 'text') throw invalidParameter('(#100) Param type must be text in this fake.');
    const text = message.text as Record<string, unknown> | undefined;
    const textBody = typeof text === 'object' && text !== null ? text.body : undefined;
    if (typeof textBody !== 'string' || !textBody.trim()) {
      throw invalidParameter("(#100) The parameter text['body'] is required.");
    }
    if (textBody.length > MAX_TEXT) {
      throw invalidParameter(`(#100) Param text['body'] must be at most ${MAX_TEXT} characters long.`);
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
      if (request.method === 'GET' && lookup) {
        const number = numberFor(lookup[1]!, token, 'get');
        return send(response, 200, lookUp(number, lookup[1]!, url.searchParams.get('fields')));
      }
      if (request.method === 'POST' && messages) {
        const number = numberFor(messages[1]!, token, 'post');
        if (badJson) throw invalidParameter('(#100) Invalid JSON for postback');
        return send(response, 200, postMessage(number, body));
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
    addNumber: (phoneNumberId, accessToken, number) =>
      void numbers.set(phoneNumberId, { ...number, accessToken, sent: [] }),
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
