import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  MessengerError,
  type Credentials,
  type InboundMessage,
  type MessengerAdapter,
  type WebhookOutcome,
} from './messenger-adapter';
import { isRecord, webhookHeader } from './webhook-reading';
import { callPlatform, describePlatformError, type PlatformAnswer } from './platform-http';

/** Slack refuses requests signed more than five minutes away from its clock (replay protection). */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** Pages per listing in one sync, so a huge workspace cannot keep a sync running for ever. */
const MAX_PAGES = 5;
const PAGE_SIZE = 200;

/** A Web API answer: `ok`, then `error` or the method's fields. */
type SlackAnswer = Record<string, unknown>;

interface SlackHistoryMessage {
  type?: string;
  subtype?: string;
  bot_id?: string;
  user?: string;
  text?: string;
  ts?: string;
}

/** Slack's `ts` ("1712345678.000200") as a date; null when unreadable. */
function slackTime(ts: unknown): Date | null {
  if (typeof ts !== 'string' && typeof ts !== 'number') return null;
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}

interface PersonMessage {
  user: string;
  text: string;
  ts: string;
}

/** A message a person wrote (not a bot, not an edit, join or other subtype) with text; else null. */
function personMessage(value: unknown): PersonMessage | null {
  if (!isRecord(value)) return null;
  const { type, subtype, bot_id: botId, user, text, ts } = value as SlackHistoryMessage;
  if (type !== undefined && type !== 'message') return null;
  if (subtype !== undefined || botId !== undefined) return null;
  if (typeof user !== 'string' || typeof text !== 'string' || typeof ts !== 'string') return null;
  return text.trim() === '' ? null : { user, text, ts };
}

function signatureMatches(secret: string, timestamp: string, rawBody: Buffer, given: string): boolean {
  const expected = Buffer.from(
    'v0=' + createHmac('sha256', secret).update(`v0:${timestamp}:`).update(rawBody).digest('hex'),
  );
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Slack's Web API (https://api.slack.com/web) with a bot token. */
export function createSlackAdapter(baseUrl: string, options: { retry?: RetryPolicy } = {}): MessengerAdapter {
  const base = baseUrl.replace(/\/+$/, '');

  /** One Web API method; HTTP failures (after retries) become MessengerError, `ok: false` is the caller's. */
  async function call(
    credentials: Credentials,
    method: string,
    action: string,
    params: { json?: Record<string, unknown>; query?: Record<string, string> } = {},
  ): Promise<SlackAnswer> {
    const query = params.query ? `?${new URLSearchParams(params.query).toString()}` : '';
    const answer: PlatformAnswer = await callPlatform({
      platform: 'slack',
      url: `${base}/${method}${query}`,
      method: params.query ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${credentials.bot_token ?? ''}` },
      json: params.json,
      action,
      retry: options.retry,
      sends: method === 'chat.postMessage',
    });
    if (answer.status === 429) {
      throw new MessengerError('slack', `Slack is rate limiting the bot (${action}); try again later.`, 429);
    }
    if (answer.status < 200 || answer.status >= 300 || !isRecord(answer.body)) {
      throw new MessengerError('slack', `Slack answered HTTP ${answer.status} (${action}).`, answer.status);
    }
    return answer.body;
  }

  function refusal(answer: SlackAnswer): string {
    return describePlatformError(answer.error, 'unknown_error');
  }

  return {
    platform: 'slack',

    async verify(credentials) {
      const answer = await call(credentials, 'auth.test', 'checking the bot token');
      if (answer.ok !== true) {
        throw new MessengerError('slack', `Slack refused the bot token: ${refusal(answer)}`);
      }
      const user = typeof answer.user === 'string' ? answer.user : 'bot';
      const team = typeof answer.team === 'string' ? answer.team : 'Slack';
      return { username: `${user} (${team})` };
    },

    async send(credentials, handle, text) {
      const answer = await call(credentials, 'chat.postMessage', 'sending a message', {
        json: { channel: handle, text },
      });
      if (answer.ok !== true || typeof answer.ts !== 'string') {
        throw new MessengerError('slack', `Slack did not send the message: ${refusal(answer)}`);
      }
      return { externalId: answer.ts };
    },

    async fetchRecent(credentials, since) {
      const channels: string[] = [];
      let cursor = '';
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await call(credentials, 'conversations.list', 'listing direct messages', {
          query: {
            types: 'im',
            exclude_archived: 'true',
            limit: String(PAGE_SIZE),
            ...(cursor ? { cursor } : {}),
          },
        });
        if (answer.ok !== true) {
          throw new MessengerError('slack', `Slack did not list the conversations: ${refusal(answer)}`);
        }
        for (const channel of Array.isArray(answer.channels) ? answer.channels : []) {
          if (isRecord(channel) && typeof channel.id === 'string') channels.push(channel.id);
        }
        cursor = nextCursor(answer);
        if (!cursor) break;
      }

      const names = new Map<string, string>();
      async function senderName(user: string): Promise<string> {
        const known = names.get(user);
        if (known !== undefined) return known;
        let name = user;
        const answer = await call(credentials, 'users.info', 'looking up a sender', { query: { user } });
        if (answer.ok === true && isRecord(answer.user)) {
          const profile = isRecord(answer.user.profile) ? answer.user.profile : {};
          const candidates = [
            answer.user.real_name,
            profile.real_name,
            profile.display_name,
            answer.user.name,
          ];
          name = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '') ?? user;
        }
        names.set(user, name);
        return name;
      }

      const messages: InboundMessage[] = [];
      for (const channel of channels) {
        cursor = '';
        for (let page = 0; page < MAX_PAGES; page++) {
          const answer = await call(credentials, 'conversations.history', 'reading direct messages', {
            query: {
              channel,
              limit: String(PAGE_SIZE),
              ...(since ? { oldest: (since.getTime() / 1000).toFixed(6) } : {}),
              ...(cursor ? { cursor } : {}),
            },
          });
          if (answer.ok !== true) {
            throw new MessengerError('slack', `Slack did not return the messages: ${refusal(answer)}`);
          }
          const found: unknown[] = Array.isArray(answer.messages) ? answer.messages : [];
          for (const item of found) {
            const message = personMessage(item);
            const sentAt = message && slackTime(message.ts);
            if (!message || !sentAt) continue;
            messages.push({
              eventId: slackMessageId(channel, message.ts),
              handle: channel,
              senderName: await senderName(message.user),
              text: message.text,
              sentAt,
            });
          }
          cursor = answer.has_more === true ? nextCursor(answer) : '';
          if (!cursor) break;
        }
      }
      return messages.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
    },

    readWebhook(context, request): WebhookOutcome {
      const signature = webhookHeader(request, 'x-slack-signature');
      const timestamp = webhookHeader(request, 'x-slack-request-timestamp');
      const secret = context.credentials.signing_secret;
      if (!signature || !timestamp) {
        return { kind: 'refused', status: 401, reason: 'missing Slack signature headers' };
      }
      if (!secret) return { kind: 'refused', status: 401, reason: 'no signing secret configured' };
      if (!/^\d{1,12}$/.test(timestamp)) {
        return { kind: 'refused', status: 401, reason: 'unreadable Slack request timestamp' };
      }
      const age = Math.abs(request.now.getTime() / 1000 - Number(timestamp));
      if (age > SLACK_SIGNATURE_WINDOW_SECONDS) {
        return { kind: 'refused', status: 401, reason: 'stale Slack request timestamp' };
      }
      if (!signatureMatches(secret, timestamp, request.rawBody, signature)) {
        return { kind: 'refused', status: 401, reason: 'Slack signature does not match' };
      }

      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return { kind: 'refused', status: 400, reason: 'Slack event body is not JSON' };
      }
      if (!isRecord(body) || typeof body.type !== 'string') {
        return { kind: 'refused', status: 400, reason: 'Slack event body has no type' };
      }
      if (body.type === 'url_verification') {
        if (typeof body.challenge !== 'string') {
          return { kind: 'refused', status: 400, reason: 'Slack url_verification without a challenge' };
        }
        return { kind: 'handshake', status: 200, body: { challenge: body.challenge } };
      }
      if (body.type !== 'event_callback' || !isRecord(body.event)) {
        return { kind: 'accepted', messages: [] };
      }
      const message = body.event.type === 'message' ? personMessage(body.event) : null;
      const channel = body.event.channel;
      if (!message || typeof channel !== 'string') {
        return { kind: 'accepted', messages: [] };
      }
      return {
        kind: 'accepted',
        messages: [
          {
            // The message's own id, as fetchRecent names it (not the event's Ev… id): a message
            // both pushed and pulled is one message.
            eventId: slackMessageId(channel, message.ts),
            handle: channel,
            senderName: message.user,
            text: message.text,
            sentAt: slackTime(message.ts) ?? request.now,
          },
        ],
      };
    },
  };
}

/** A Slack message's identity: its channel and timestamp (Slack's own key for a message). */
function slackMessageId(channel: string, ts: string): string {
  return `${channel}:${ts}`;
}

function nextCursor(answer: SlackAnswer): string {
  const meta = answer.response_metadata;
  return isRecord(meta) && typeof meta.next_cursor === 'string' ? meta.next_cursor : '';
}
