import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeDiscordGateway, type FakeDiscordGateway } from './discord-gateway';

/**
 * A fake Discord REST API (v10) on 127.0.0.1 speaking the real shapes:
 * GET /users/@me, GET /guilds/:id, GET /gateway/bot and POST /channels/:id/messages with `Bot`
 * tokens, Discord's `{ message, code }` errors, and scripted HTTP failures (429 with Retry-After,
 * 5xx). The gateway GET /gateway/bot names is a WebSocket on the same port (discord-gateway.ts).
 */
export interface DiscordBot {
  username: string;
  /** Guild ids the bot is a member of. */
  guilds: string[];
  id?: string;
  /** Text channels per guild id the gateway announces; one (`<guild id>01`) per guild unless told. */
  channels?: Record<string, string[]>;
  /** Whether the application is granted the privileged Message Content intent (true unless told). */
  messageContent?: boolean;
}

export type DiscordRoute =
  'GET /users/@me' | 'GET /guilds/:id' | 'GET /gateway/bot' | 'POST /channels/:id/messages';

export interface DiscordPosted {
  id: string;
  content: string;
  /** The bot token that posted it. */
  token: string;
  body: Record<string, unknown>;
}

export interface DiscordRecordedRequest {
  method: string;
  path: string;
  route: DiscordRoute | null;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

export interface FakeDiscord {
  /** As DISCORD_API_URL (the equivalent of https://discord.com/api/v10). */
  baseUrl: string;
  requests: DiscordRecordedRequest[];
  addBot(token: string, bot: DiscordBot): void;
  /** The next call of this route answers this HTTP status (queued per route). */
  failNext(route: DiscordRoute, status: number, options?: { retryAfter?: number }): void;
  /** Messages posted to a channel, in order. */
  messages(channelId: string): DiscordPosted[];
  /** The gateway: sessions per token, pushed messages, reconnects. */
  gateway: FakeDiscordGateway;
  close(): Promise<void>;
}

let snowflake = 1_200_000_000_000_000_000n;
function nextSnowflake(): string {
  snowflake += 1n;
  return snowflake.toString();
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const requests: DiscordRecordedRequest[] = [];
  const bots = new Map<string, DiscordBot & { id: string }>();
  const failures = new Map<DiscordRoute, { status: number; retryAfter?: number }[]>();
  const posted = new Map<string, DiscordPosted[]>();

  function answer(
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/api\/v10/, '');
      let body: Record<string, unknown> = {};
      let invalidJson = false;
      try {
        const raw = Buffer.concat(chunks).toString('utf8');
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        invalidJson = true;
      }
      const guild = /^\/guilds\/([^/]+)$/.exec(path);
      const channel = /^\/channels\/([^/]+)\/messages$/.exec(path);
      const route: DiscordRoute | null =
        req.method === 'GET' && path === '/users/@me'
          ? 'GET /users/@me'
          : req.method === 'GET' && path === '/gateway/bot'
            ? 'GET /gateway/bot'
            : req.method === 'GET' && guild
              ? 'GET /guilds/:id'
              : req.method === 'POST' && channel
                ? 'POST /channels/:id/messages'
                : null;
      requests.push({ method: req.method ?? '', path, route, headers: req.headers, body, at: Date.now() });

      const failure = route ? failures.get(route)?.shift() : undefined;
      if (failure) {
        if (failure.status === 429) {
          const wait = failure.retryAfter ?? 1;
          answer(
            res,
            429,
            { message: 'You are being rate limited.', retry_after: wait, global: false },
            { 'retry-after': String(wait), 'x-ratelimit-scope': 'user' },
          );
        } else {
          const headers: Record<string, string> =
            failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {};
          answer(res, failure.status, { message: 'Internal Server Error', code: 0 }, headers);
        }
        return;
      }
      if (!route) {
        answer(res, 404, { message: '404: Not Found', code: 0 });
        return;
      }
      const authorization = req.headers.authorization ?? '';
      const token = authorization.startsWith('Bot ') ? authorization.slice('Bot '.length) : '';
      const bot = bots.get(token);
      if (!bot) {
        answer(res, 401, { message: '401: Unauthorized', code: 0 });
        return;
      }
      if (route === 'GET /users/@me') {
        answer(res, 200, {
          id: bot.id,
          username: bot.username,
          discriminator: '0',
          global_name: null,
          avatar: null,
          bot: true,
          flags: 0,
        });
        return;
      }
      if (route === 'GET /gateway/bot') {
        answer(res, 200, {
          url: gatewayUrl(),
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
        });
        return;
      }
      if (route === 'GET /guilds/:id') {
        const id = decodeURIComponent(guild![1]!);
        if (!bot.guilds.includes(id)) {
          answer(res, 403, { message: 'Missing Access', code: 50001 });
          return;
        }
        answer(res, 200, { id, name: `Guild ${id}`, owner_id: '1', roles: [], features: [] });
        return;
      }
      const channelId = decodeURIComponent(channel![1]!);
      if (!/^\d+$/.test(channelId)) {
        answer(res, 404, { message: 'Unknown Channel', code: 10003 });
        return;
      }
      const content = typeof body.content === 'string' ? body.content : '';
      if (invalidJson || !content || content.length > 2000) {
        answer(res, 400, {
          message: 'Invalid Form Body',
          code: 50035,
          errors: {
            content: {
              _errors: [
                content.length > 2000
                  ? { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }
                  : { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' },
              ],
            },
          },
        });
        return;
      }
      const id = nextSnowflake();
      const list = posted.get(channelId) ?? [];
      list.push({ id, content, token, body });
      posted.set(channelId, list);
      answer(res, 200, {
        id,
        type: 0,
        channel_id: channelId,
        content,
        author: { id: bot.id, username: bot.username, discriminator: '0', bot: true },
        timestamp: new Date().toISOString(),
        edited_timestamp: null,
        tts: false,
        mention_everyone: false,
        mentions: [],
        attachments: [],
        embeds: [],
      });
    });
  });
  const gatewayUrl = () => `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gateway = createFakeDiscordGateway({ botFor: (token) => bots.get(token), url: gatewayUrl });
  server.on('upgrade', (request, socket, head) => gateway.upgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v10`,
    requests,
    addBot: (token, bot) => {
      bots.set(token, { ...bot, id: bot.id ?? nextSnowflake() });
    },
    failNext: (route, status, options = {}) => {
      const queue = failures.get(route) ?? [];
      queue.push({ status, retryAfter: options.retryAfter });
      failures.set(route, queue);
    },
    messages: (channelId) => [...(posted.get(channelId) ?? [])],
    gateway,
    close: () =>
      new Promise<void>((resolve) => {
        gateway.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface DiscordSigner {
  /** The application's public key as the Developer Portal shows it (64 hex characters). */
  publicKeyHex: string;
  /** Headers Discord sends with an interaction: Ed25519 over `${timestamp}${body}`. */
  sign(body: string, timestamp?: number): Record<string, string>;
}

/** A fresh Ed25519 key pair standing in for a Discord application's. */
export function discordSigner(): DiscordSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The SPKI DER of an Ed25519 key ends with the raw 32-byte key.
  const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
  return {
    publicKeyHex,
    sign: (body, timestamp = Math.floor(Date.now() / 1000)) => ({
      'content-type': 'application/json',
      'x-signature-ed25519': sign(null, Buffer.from(`${timestamp}${body}`), privateKey).toString('hex'),
      'x-signature-timestamp': String(timestamp),
    }),
  };
}
