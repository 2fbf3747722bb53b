import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Telegram Bot API on 127.0.0.1: `/bot<token>/<method>` with the
 * real answer shapes for getMe, setWebhook, deleteWebhook, getWebhookInfo, sendMessage and
 * getUpdates, JSON, form or query parameters, 401 for unknown tokens. Tests script failures and
 * play Telegram delivering a message by posting an update to the registered webhook.
 */

/** A Bot API update, as Telegram sends it. */
export type TelegramUpdate = { update_id: number } & Record<string, unknown>;

export interface FakeTelegramRequest {
  /** The Bot API method as called (getMe, sendMessage…). */
  method: string;
  token: string;
  httpMethod: string;
  /** Query, JSON or form parameters, parsed. */
  body: Record<string, unknown>;
  /** Date.now() when it arrived. */
  at: number;
}

export interface FakeTelegramWebhook {
  url: string;
  /** The secret_token given to setWebhook; Telegram sends it in X-Telegram-Bot-Api-Secret-Token. */
  secretToken: string | null;
  allowedUpdates: string[] | null;
}

export interface FakeTelegramFailure {
  /** Seconds, sent as Retry-After and parameters.retry_after. */
  retryAfter?: number;
  description?: string;
}

/** A request to a path outside /bot…, for the control endpoints of the end-to-end fake. */
export interface FakeTelegramRouteRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body, or null. */
  body: unknown;
}

export interface FakeTelegramOptions {
  /** 0 (any free port) unless given. */
  port?: number;
  /** Tokens not added with addBot are accepted when this names their bot (non-null). */
  acceptToken?: (token: string) => string | null;
  /** Answers other paths; null falls through to 404. */
  routes?: (
    request: FakeTelegramRouteRequest,
  ) => Promise<{ status: number; body: unknown } | null> | { status: number; body: unknown } | null;
}

export interface FakeTelegram {
  /** The Bot API base URL (without /bot<token>), as the adapter's baseUrl. */
  baseUrl: string;
  requests: FakeTelegramRequest[];
  addBot(token: string, username: string): void;
  webhookOf(token: string): FakeTelegramWebhook | null;
  /** Kept for getUpdates until a call's offset passes it. */
  queueUpdate(token: string, update: TelegramUpdate): void;
  /** The next call of `method` answers with this status (calls queue up in order). */
  failNext(method: string, status: number, options?: FakeTelegramFailure): void;
  /** The parameters of every sendMessage the bot accepted, in order. */
  sent(token: string): Record<string, unknown>[];
  /**
   * POSTs the update to the bot's webhook with its secret token header, as Telegram delivers a
   * message; `secretToken` overrides the header (null leaves it out). The webhook's HTTP status.
   */
  postUpdate(
    token: string,
    update: TelegramUpdate,
    options?: { secretToken?: string | null },
  ): Promise<number>;
  close(): Promise<void>;
}

export interface TextUpdateInput {
  updateId: number;
  chatId: number | string;
  text: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** Seconds since the epoch; now unless given. */
  date?: number;
  messageId?: number;
  /** Sends it as edited_message. */
  edited?: boolean;
}

/** A realistic update for a text someone sent the bot in a private chat. */
export function textUpdate(input: TextUpdateInput): TelegramUpdate {
  const date = input.date ?? Math.floor(Date.now() / 1000);
  const chatId =
    typeof input.chatId === 'string' && /^-?\d+$/.test(input.chatId) ? Number(input.chatId) : input.chatId;
  const person = {
    first_name: input.firstName ?? 'Test',
    ...(input.lastName ? { last_name: input.lastName } : {}),
    ...(input.username ? { username: input.username } : {}),
  };
  const message = {
    message_id: input.messageId ?? input.updateId,
    from: { id: chatId, is_bot: false, ...person, language_code: 'en' },
    chat: { id: chatId, type: 'private', ...person },
    date,
    ...(input.edited ? { edit_date: date } : {}),
    text: input.text,
  };
  return { update_id: input.updateId, [input.edited ? 'edited_message' : 'message']: message };
}

interface Bot {
  id: number;
  username: string;
  webhook: FakeTelegramWebhook | null;
  updates: TelegramUpdate[];
  sent: Record<string, unknown>[];
  nextMessageId: number;
}

const SECRET_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_TEXT = 4096;

class BotApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

function defaultDescription({ status, retryAfter }: FakeTelegramFailure & { status: number }): string {
  if (status === 429)
    return retryAfter === undefined ? 'Too Many Requests' : `Too Many Requests: retry after ${retryAfter}`;
  if (status === 400) return 'Bad Request';
  if (status === 401) return 'Unauthorized';
  if (status === 403) return 'Forbidden: bot was blocked by the user';
  if (status === 409) return 'Conflict';
  return status >= 500 ? 'Internal Server Error' : `Error ${status}`;
}

const INVALID = Symbol('invalid JSON');

function parseJson(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return INVALID;
  }
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseParameters(
  request: http.IncomingMessage,
  raw: string,
  query: URLSearchParams,
): Record<string, unknown> {
  const parameters: Record<string, unknown> = Object.fromEntries(query);
  const type = request.headers['content-type'] ?? '';
  if (!raw) return parameters;
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new BotApiError(400, 'Bad Request: parameters must be a JSON object');
    }
    return { ...parameters, ...(parsed as Record<string, unknown>) };
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return { ...parameters, ...Object.fromEntries(new URLSearchParams(raw)) };
  }
  throw new BotApiError(400, `Bad Request: unsupported content type ${type || '(none)'}`);
}

/** Telegram takes arrays as JSON text in query and form parameters. */
function stringList(value: unknown): string[] | null {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return Array.isArray(list) ? list.map(String) : null;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

function integer(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const bots = new Map<string, Bot>();
  const requests: FakeTelegramRequest[] = [];
  const failures = new Map<string, (FakeTelegramFailure & { status: number })[]>();

  function addBot(token: string, username: string): Bot {
    const existing = bots.get(token);
    if (existing) {
      existing.username = username;
      return existing;
    }
    const bot: Bot = {
      id: Number(token.split(':')[0]) || bots.size + 1,
      username,
      webhook: null,
      updates: [],
      sent: [],
      nextMessageId: 1,
    };
    bots.set(token, bot);
    return bot;
  }

  function botOf(token: string): Bot | null {
    const known = bots.get(token);
    if (known) return known;
    const name = options.acceptToken?.(token);
    return name ? addBot(token, name) : null;
  }

  function run(bot: Bot, method: string, parameters: Record<string, unknown>): unknown {
    switch (method.toLowerCase()) {
      case 'getme':
        return {
          id: bot.id,
          is_bot: true,
          first_name: bot.username.replace(/_?bot$/i, '') || bot.username,
          username: bot.username,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'setwebhook': {
        const url = typeof parameters.url === 'string' ? parameters.url : '';
        const secret = parameters.secret_token;
        if (secret !== undefined && (typeof secret !== 'string' || !SECRET_PATTERN.test(secret))) {
          throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
        }
        if (flag(parameters.drop_pending_updates)) bot.updates = [];
        if (!url) {
          bot.webhook = null;
          return true;
        }
        if (!/^https?:\/\//.test(url))
          throw new BotApiError(400, 'Bad Request: bad webhook: invalid webhook URL specified');
        bot.webhook = {
          url,
          secretToken: typeof secret === 'string' ? secret : null,
          allowedUpdates: stringList(parameters.allowed_updates),
        };
        return true;
      }
      case 'deletewebhook':
        bot.webhook = null;
        if (flag(parameters.drop_pending_updates)) bot.updates = [];
        return true;
      case 'getwebhookinfo':
        return bot.webhook
          ? {
              url: bot.webhook.url,
              has_custom_certificate: false,
              pending_update_count: bot.updates.length,
              max_connections: 40,
              ...(bot.webhook.allowedUpdates ? { allowed_updates: bot.webhook.allowedUpdates } : {}),
            }
          : { url: '', has_custom_certificate: false, pending_update_count: bot.updates.length };
      case 'sendmessage': {
        const chatId = parameters.chat_id;
        if (chatId === undefined || chatId === '')
          throw new BotApiError(400, 'Bad Request: chat_id is empty');
        const text = typeof parameters.text === 'string' ? parameters.text : '';
        if (!text.trim()) throw new BotApiError(400, 'Bad Request: message text is empty');
        if (text.length > MAX_TEXT) throw new BotApiError(400, 'Bad Request: message is too long');
        bot.sent.push(parameters);
        const numericChat = typeof chatId === 'string' && /^-?\d+$/.test(chatId) ? Number(chatId) : chatId;
        return {
          message_id: bot.nextMessageId++,
          from: { id: bot.id, is_bot: true, first_name: bot.username, username: bot.username },
          chat: { id: numericChat, type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text,
        };
      }
      case 'getupdates': {
        if (bot.webhook) {
          throw new BotApiError(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        }
        const offset = integer(parameters.offset);
        // An offset confirms every update before it: Telegram forgets them.
        if (offset !== undefined && offset > 0)
          bot.updates = bot.updates.filter((update) => update.update_id >= offset);
        const limit = Math.min(Math.max(integer(parameters.limit) ?? 100, 1), 100);
        const allowed = stringList(parameters.allowed_updates);
        return bot.updates
          .filter((update) => !allowed?.length || allowed.some((kind) => kind in update))
          .slice(0, limit);
      }
      default:
        throw new BotApiError(404, 'Not Found: method not found');
    }
  }

  async function handleBotApi(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    token: string,
    method: string,
    url: URL,
  ) {
    const raw = await readBody(request);
    let parameters: Record<string, unknown> = {};
    let parseError: BotApiError | null = null;
    try {
      parameters = parseParameters(request, raw, url.searchParams);
    } catch (error) {
      parseError =
        error instanceof BotApiError ? error : new BotApiError(400, "Bad Request: can't parse JSON");
    }
    requests.push({ method, token, httpMethod: request.method ?? '', body: parameters, at: Date.now() });
    try {
      const failure = failures.get(method.toLowerCase())?.shift();
      if (failure) {
        throw new BotApiError(
          failure.status,
          failure.description ?? defaultDescription(failure),
          failure.retryAfter,
        );
      }
      const bot = botOf(token);
      if (!bot) throw new BotApiError(401, 'Unauthorized');
      if (parseError) throw parseError;
      sendJson(response, 200, { ok: true, result: run(bot, method, parameters) });
    } catch (error) {
      const failed = error instanceof BotApiError ? error : new BotApiError(500, 'Internal Server Error');
      const retry = failed.retryAfter;
      sendJson(
        response,
        failed.status,
        {
          ok: false,
          error_code: failed.status,
          description: failed.description,
          ...(retry !== undefined ? { parameters: { retry_after: retry } } : {}),
        },
        retry !== undefined ? { 'retry-after': String(retry) } : {},
      );
    }
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    const handled = match
      ? handleBotApi(request, response, decodeURIComponent(match[1]!), match[2]!, url)
      : handleOther(request, response, url);
    handled.catch(() => {
      if (!response.headersSent)
        sendJson(response, 500, { ok: false, error_code: 500, description: 'Internal Server Error' });
      else response.end();
    });
  });

  async function handleOther(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const raw = await readBody(request);
    if (request.method === 'GET' && url.pathname === '/healthz') return void response.end('ok');
    const body = parseJson(raw);
    if (body === INVALID) return sendJson(response, 400, { error: 'body is not JSON' });
    const answer = await options.routes?.({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
    });
    if (answer) return sendJson(response, answer.status, answer.body);
    sendJson(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  function knownBot(token: string): Bot {
    const bot = botOf(token);
    if (!bot) throw new Error('fake Telegram: unknown bot token');
    return bot;
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    addBot: (token, username) => void addBot(token, username),
    webhookOf: (token) => {
      const webhook = bots.get(token)?.webhook;
      return webhook ? { ...webhook } : null;
    },
    queueUpdate: (token, update) => void knownBot(token).updates.push(update),
    failNext: (method, status, failure = {}) => {
      const key = method.toLowerCase();
      failures.set(key, [...(failures.get(key) ?? []), { ...failure, status }]);
    },
    sent: (token) => [...(bots.get(token)?.sent ?? [])],
    postUpdate: async (token, update, post = {}) => {
      const webhook = knownBot(token).webhook;
      if (!webhook) throw new Error('fake Telegram: the bot has no webhook');
      const secret = post.secretToken === undefined ? webhook.secretToken : post.secretToken;
      const answer = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(secret !== null ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(10_000),
      });
      await answer.body?.cancel().catch(() => undefined);
      return answer.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
