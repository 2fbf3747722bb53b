import { timingSafeEqual } from 'node:crypto';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  MessengerError,
  type Credentials,
  type InboundMessage,
  type MessengerAdapter,
  type WebhookContext,
  type WebhookOutcome,
  type WebhookRequest,
} from './messenger-adapter';
import { hashInboundSecret, isRecord, nonEmpty } from './webhook-reading';
import { callPlatform, describePlatformError } from './platform-http';
import { splitMessageText } from './split-text';

/*
 * Telegram Bot API (https://core.telegram.org/bots/api): `${baseUrl}/bot<token>/<method>`, JSON
 * bodies, answers `{ ok, result }` or `{ ok: false, error_code, description }`. Inbound messages
 * come by webhook, authenticated by the secret token Doppel gave setWebhook; without a webhook
 * (a local install Telegram cannot reach) they are pulled with getUpdates.
 */

/** Telegram refuses longer message texts. */
export const TELEGRAM_MAX_TEXT = 4096;

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';
/** What Telegram allows as a bot token; anything else could bend the URL it is put into. */
const TOKEN_PATTERN = /^\d+:[A-Za-z0-9_-]+$/;
/** setWebhook's secret_token: 1–256 characters of A-Z, a-z, 0-9, _ and -. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const ALLOWED_UPDATES = ['message', 'edited_message'];
const UPDATES_PAGE = 100;
/** getUpdates pages read in one pull; past that the rest waits for the next pull. */
const MAX_UPDATE_PAGES = 10;

interface TelegramMessage {
  message_id?: unknown;
  date?: unknown;
  text?: unknown;
  from?: unknown;
  chat?: unknown;
}

interface TelegramUpdate {
  update_id?: unknown;
  message?: TelegramMessage;
  edited_message?: TelegramMessage;
}

function displayName(person: unknown): string | null {
  if (!isRecord(person)) return null;
  const full = [nonEmpty(person.first_name), nonEmpty(person.last_name)].filter(Boolean).join(' ');
  return full || nonEmpty(person.username);
}

/** The text message an update carries, or null (stickers, joins, other update kinds). */
function readUpdate(update: TelegramUpdate, now: Date): InboundMessage | null {
  const message = update.message ?? update.edited_message;
  if (!isRecord(message) || typeof message.text !== 'string' || !message.text) return null;
  const chat = message.chat;
  if (!isRecord(chat) || (typeof chat.id !== 'number' && typeof chat.id !== 'string')) return null;
  const handle = String(chat.id);
  return {
    eventId: String(update.update_id),
    handle,
    senderName: displayName(message.from) ?? displayName(chat) ?? nonEmpty(chat.title) ?? handle,
    text: message.text,
    sentAt: typeof message.date === 'number' ? new Date(message.date * 1000) : now,
  };
}

function isUpdate(value: unknown): value is TelegramUpdate {
  return isRecord(value) && typeof value.update_id === 'number' && Number.isInteger(value.update_id);
}

/** Cuts a text into pieces Telegram accepts (split-text.ts). */
export function splitTelegramText(text: string, limit = TELEGRAM_MAX_TEXT): string[] {
  return splitMessageText(text, limit);
}

function botToken(credentials: Credentials): string {
  const token = credentials.bot_token?.trim();
  if (!token) throw new MessengerError('telegram', 'The Telegram bot token is missing.');
  if (!TOKEN_PATTERN.test(token)) {
    throw new MessengerError('telegram', 'The Telegram bot token is malformed (expected 123456:ABC…).');
  }
  return token;
}

export interface TelegramAdapterOptions {
  retry?: RetryPolicy;
}

export function createTelegramAdapter(
  baseUrl: string,
  options: TelegramAdapterOptions = {},
): MessengerAdapter {
  const root = baseUrl.replace(/\/+$/, '');

  /**
   * One Bot API method; its `result`, or MessengerError with `failure(description)` and the
   * HTTP status. The token never reaches a message, even if an answer were to echo it.
   */
  async function call(
    credentials: Credentials,
    method: string,
    payload: Record<string, unknown> | undefined,
    action: string,
    failure: (description: string, status: number) => string,
  ): Promise<unknown> {
    const token = botToken(credentials);
    const answer = await callPlatform({
      platform: 'telegram',
      url: `${root}/bot${token}/${method}`,
      method: 'POST',
      json: payload ?? {},
      action,
      retry: options.retry,
      sends: method === 'sendMessage',
    });
    const body = isRecord(answer.body) ? answer.body : {};
    if (answer.status === 200 && body.ok === true) return body.result;
    const description = describePlatformError(body.description, `HTTP ${answer.status}`)
      .split(token)
      .join('***');
    throw new MessengerError('telegram', failure(description, answer.status), answer.status);
  }

  return {
    platform: 'telegram',

    async verify(credentials) {
      const result = await call(
        credentials,
        'getMe',
        undefined,
        'check the bot token',
        (description, status) =>
          status === 429 || status >= 500
            ? `Telegram could not check the bot token: ${description}`
            : `Telegram refused the bot token: ${description}`,
      );
      const username = isRecord(result) ? (nonEmpty(result.username) ?? nonEmpty(result.first_name)) : null;
      if (!username) throw new MessengerError('telegram', 'Telegram answered getMe without a bot username.');
      return { username: `@${username}` };
    },

    async registerWebhook(credentials, url, secret) {
      if (!SECRET_PATTERN.test(secret)) {
        throw new MessengerError('telegram', 'The webhook secret must be 1–256 letters, digits, _ or -.');
      }
      await call(
        credentials,
        'setWebhook',
        { url, secret_token: secret, allowed_updates: ALLOWED_UPDATES, drop_pending_updates: false },
        'register the webhook',
        (description) => `Telegram refused the webhook: ${description}`,
      );
    },

    async unregisterWebhook(credentials) {
      await call(
        credentials,
        'deleteWebhook',
        { drop_pending_updates: false },
        'remove the webhook',
        (description) => `Telegram did not remove the webhook: ${description}`,
      );
    },

    async send(credentials, handle, text) {
      let first: string | null = null;
      const pieces = splitTelegramText(text);
      for (const [index, piece] of pieces.entries()) {
        const result = await call(
          credentials,
          'sendMessage',
          { chat_id: handle, text: piece },
          'send the message',
          (description) =>
            index === 0
              ? `Telegram did not send the message: ${description}`
              : `Telegram sent ${index} of ${pieces.length} parts of the message, then: ${description}`,
        );
        if (
          !isRecord(result) ||
          (typeof result.message_id !== 'number' && typeof result.message_id !== 'string')
        ) {
          throw new MessengerError('telegram', 'Telegram answered sendMessage without a message id.');
        }
        first ??= String(result.message_id);
      }
      return { externalId: first! };
    },

    async fetchRecent(credentials, since) {
      const messages: InboundMessage[] = [];
      const now = new Date();
      // Telegram dates are whole seconds: a message of since's own second may be newer than it,
      // so that second is kept too (a second delivery of an event id is ignored).
      const sinceSecond = since ? Math.floor(since.getTime() / 1000) * 1000 : 0;
      let offset: number | undefined;
      // Updates stay with Telegram until a later call passes an offset past them, so a pull
      // normally leaves them there (the core deduplicates by event id); only a full page moves on.
      for (let page = 0; page < MAX_UPDATE_PAGES; page++) {
        const result = await call(
          credentials,
          'getUpdates',
          { offset, limit: UPDATES_PAGE, timeout: 0, allowed_updates: ALLOWED_UPDATES },
          'fetch messages',
          (description, status) =>
            status === 409
              ? 'Telegram delivers through the webhook; there is nothing to pull.'
              : `Telegram did not give the messages: ${description}`,
        );
        const updates = Array.isArray(result) ? result.filter(isUpdate) : [];
        for (const update of updates) {
          const message = readUpdate(update, now);
          if (message && (!since || message.sentAt.getTime() >= sinceSecond)) messages.push(message);
        }
        if (updates.length < UPDATES_PAGE) break;
        offset = Math.max(...updates.map((update) => update.update_id as number)) + 1;
      }
      return messages;
    },

    readWebhook(context: WebhookContext, request: WebhookRequest): WebhookOutcome {
      if (request.method !== 'POST')
        return { kind: 'refused', status: 400, reason: 'Telegram only POSTs updates' };
      const header = Object.entries(request.headers).find(
        ([name]) => name.toLowerCase() === SECRET_HEADER,
      )?.[1];
      const stored = context.inboundSecretHash;
      if (!header || !stored) return { kind: 'refused', status: 401, reason: 'missing secret token' };
      const given = Buffer.from(hashInboundSecret(header), 'utf8');
      const expected = Buffer.from(stored.toLowerCase(), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { kind: 'refused', status: 401, reason: 'wrong secret token' };
      }
      let update: unknown;
      try {
        update = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return { kind: 'refused', status: 400, reason: 'body is not JSON' };
      }
      if (!isUpdate(update)) return { kind: 'refused', status: 400, reason: 'not a Telegram update' };
      const message = readUpdate(update, request.now);
      return { kind: 'accepted', messages: message ? [message] : [] };
    },
  };
}
