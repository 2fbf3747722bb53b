import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Slack Web API on 127.0.0.1 speaking the real shapes: auth.test,
 * chat.postMessage, conversations.list, conversations.history and users.info, with Bearer bot
 * tokens, `ok: false` errors on HTTP 200, and scripted HTTP failures (429 with Retry-After, 5xx).
 */
export interface SlackBot {
  user: string;
  team: string;
  userId?: string;
  teamId?: string;
}

export interface SlackHistoryEntry {
  user?: string;
  text: string;
  ts: string;
  bot_id?: string;
  subtype?: string;
}

export interface SlackPosted {
  channel: string;
  text: string;
  ts: string;
}

export interface SlackRecordedRequest {
  /** The Web API method, e.g. chat.postMessage. */
  method: string;
  httpMethod: string;
  headers: http.IncomingHttpHeaders;
  /** Query, JSON and form parameters together. */
  params: Record<string, unknown>;
  /** The bearer token sent, if any. */
  token: string | null;
  at: number;
}

export interface FakeSlack {
  /** As SLACK_API_URL (the equivalent of https://slack.com/api). */
  baseUrl: string;
  requests: SlackRecordedRequest[];
  addBot(token: string, bot: SlackBot): void;
  /** A direct-message channel's history (conversations.list lists every channel given here). */
  addMessage(channel: string, message: SlackHistoryEntry): void;
  /** users.info answers this user with this real_name; unknown users get user_not_found. */
  addUser(id: string, realName: string): void;
  /** The next call of this Web API method answers this HTTP status (queued per method). */
  failNext(method: string, status: number, options?: { retryAfter?: number }): void;
  /** Slack may answer fewer items than `limit` asks; this caps every page (pagination tests). */
  setPageSize(size: number): void;
  /** What chat.postMessage took with this token, in order. */
  posted(token: string): SlackPosted[];
  signEvent(signingSecret: string, body: string, timestamp?: number): Record<string, string>;
  close(): Promise<void>;
}

/** Headers Slack's Events API sends with a body: v0 signature over `v0:{timestamp}:{body}`. */
export function signSlackEvent(
  signingSecret: string,
  body: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': `v0=${signature}`,
  };
}

function readParams(req: http.IncomingMessage, raw: string, url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('application/json') && raw) {
    try {
      Object.assign(params, JSON.parse(raw) as Record<string, unknown>);
    } catch {
      params.__invalid_json = true;
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
  }
  return params;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const requests: SlackRecordedRequest[] = [];
  const bots = new Map<string, SlackBot>();
  const channels = new Map<string, SlackHistoryEntry[]>();
  const users = new Map<string, string>();
  const failures = new Map<string, { status: number; retryAfter?: number }[]>();
  const postedBy = new Map<string, SlackPosted[]>();
  let tsCounter = 0;
  let pageSize = 1000;

  function answer(
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }

  function handle(method: string, params: Record<string, unknown>, bot: SlackBot, token: string): unknown {
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `https://${bot.team.toLowerCase().replace(/\W+/g, '-')}.slack.com/`,
          team: bot.team,
          user: bot.user,
          team_id: bot.teamId ?? 'T0FAKE',
          user_id: bot.userId ?? 'U0BOT',
          bot_id: 'B0BOT',
          is_enterprise_install: false,
        };
      case 'chat.postMessage': {
        const channel = typeof params.channel === 'string' ? params.channel : '';
        const text = typeof params.text === 'string' ? params.text : '';
        if (!/^[CDG][A-Z0-9]+$/.test(channel)) return { ok: false, error: 'channel_not_found' };
        if (!text) return { ok: false, error: 'no_text' };
        const ts = `${Math.floor(Date.now() / 1000)}.${String(++tsCounter).padStart(6, '0')}`;
        const list = postedBy.get(token) ?? [];
        list.push({ channel, text, ts });
        postedBy.set(token, list);
        return {
          ok: true,
          channel,
          ts,
          message: { type: 'message', text, user: bot.userId ?? 'U0BOT', bot_id: 'B0BOT', ts },
        };
      }
      case 'conversations.list': {
        if (params.types !== 'im') return { ok: true, channels: [], response_metadata: { next_cursor: '' } };
        const all = [...channels.keys()].map((id) => ({
          id,
          created: 1700000000,
          is_im: true,
          is_org_shared: false,
          user: 'U0PEER',
          is_user_deleted: false,
          priority: 0,
        }));
        const { page, next } = paginate(all, params, pageSize);
        return { ok: true, channels: page, response_metadata: { next_cursor: next } };
      }
      case 'conversations.history': {
        const channel = typeof params.channel === 'string' ? params.channel : '';
        const history = channels.get(channel);
        if (!history) return { ok: false, error: 'channel_not_found' };
        const oldest = Number(params.oldest ?? 0);
        // Newest first, as Slack answers; oldest is exclusive by default.
        const matching = history
          .filter((message) => Number(message.ts) > oldest)
          .sort((a, b) => Number(b.ts) - Number(a.ts))
          .map((message) => ({ type: 'message', ...message }));
        const { page, next } = paginate(matching, params, pageSize);
        return {
          ok: true,
          messages: page,
          has_more: next !== '',
          pin_count: 0,
          response_metadata: { next_cursor: next },
        };
      }
      case 'users.info': {
        const id = typeof params.user === 'string' ? params.user : '';
        const realName = users.get(id);
        if (realName === undefined) return { ok: false, error: 'user_not_found' };
        return {
          ok: true,
          user: {
            id,
            name: realName.toLowerCase().replace(/\W+/g, '.'),
            real_name: realName,
            profile: { real_name: realName, display_name: '' },
            is_bot: false,
          },
        };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = url.pathname.replace(/^\/api\//, '');
      const params = readParams(req, Buffer.concat(chunks).toString('utf8'), url);
      const authorization = req.headers.authorization ?? '';
      const token = authorization.startsWith('Bearer ')
        ? authorization.slice('Bearer '.length)
        : typeof params.token === 'string'
          ? params.token
          : null;
      requests.push({
        method,
        httpMethod: req.method ?? '',
        headers: req.headers,
        params,
        token,
        at: Date.now(),
      });

      const failure = failures.get(method)?.shift();
      if (failure) {
        const headers: Record<string, string> = {};
        if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter);
        answer(
          res,
          failure.status,
          { ok: false, error: failure.status === 429 ? 'ratelimited' : 'fatal_error' },
          headers,
        );
        return;
      }
      if (!url.pathname.startsWith('/api/')) {
        answer(res, 404, { ok: false, error: 'unknown_method' });
        return;
      }
      if (!token) {
        answer(res, 200, { ok: false, error: 'not_authed' });
        return;
      }
      const bot = bots.get(token);
      if (!bot) {
        answer(res, 200, { ok: false, error: 'invalid_auth' });
        return;
      }
      if (params.__invalid_json) {
        answer(res, 200, { ok: false, error: 'invalid_json' });
        return;
      }
      answer(res, 200, handle(method, params, bot, token));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    addBot: (token, bot) => {
      bots.set(token, bot);
    },
    addMessage: (channel, message) => {
      const history = channels.get(channel) ?? [];
      history.push(message);
      channels.set(channel, history);
    },
    addUser: (id, realName) => {
      users.set(id, realName);
    },
    failNext: (method, status, options = {}) => {
      const queue = failures.get(method) ?? [];
      queue.push({ status, retryAfter: options.retryAfter });
      failures.set(method, queue);
    },
    setPageSize: (size) => {
      pageSize = size;
    },
    posted: (token) => [...(postedBy.get(token) ?? [])],
    signEvent: signSlackEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Slack's cursor pagination: the cursor is an opaque offset here. */
function paginate<T>(
  items: T[],
  params: Record<string, unknown>,
  pageSize: number,
): { page: T[]; next: string } {
  const limit = Math.min(Math.max(Number(params.limit ?? 100) || 100, 1), pageSize);
  const start =
    typeof params.cursor === 'string' && params.cursor
      ? Number(Buffer.from(params.cursor, 'base64').toString())
      : 0;
  const page = items.slice(start, start + limit);
  const next = start + limit < items.length ? Buffer.from(String(start + limit)).toString('base64') : '';
  return { page, next };
}
