import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
} from '../../test-support/fake-messengers/telegram';
import { MessengerError, type MessengerAdapter, type WebhookRequest } from './messenger-adapter';
import { createTelegramAdapter, splitTelegramText } from './telegram';
import { hashInboundSecret } from './webhook-reading';

const TOKEN = '123456:AAE-valid_token_abcdef';
const SECRET = 'a1b2c3d4e5f6_secret-token';
const fast: RetryPolicy = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 3000 };

let fake: FakeTelegram;
let adapter: MessengerAdapter;
let bot = 0;
/** A fresh bot per test, so webhooks, queues and sent messages never leak between tests. */
let token = TOKEN;

beforeAll(async () => {
  fake = await startFakeTelegram();
  adapter = createTelegramAdapter(fake.baseUrl, { retry: fast });
});
afterAll(() => fake.close());
beforeEach(() => {
  token = `${100000 + ++bot}:AAE-valid_token_abcdef`;
  fake.addBot(token, `doppel_${bot}_bot`);
  fake.requests.length = 0;
});

const credentials = () => ({ bot_token: token });

async function failure(promise: Promise<unknown>): Promise<MessengerError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MessengerError);
  return error as MessengerError;
}

function webhookRequest(body: unknown, headers: Record<string, string | undefined> = {}): WebhookRequest {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET, ...headers },
    query: {},
    rawBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    now: new Date('2026-03-01T10:00:00Z'),
  };
}

const context = { credentials: { bot_token: TOKEN }, inboundSecretHash: hashInboundSecret(SECRET) };

describe('Telegram adapter: Bot API calls', () => {
  it('verifies a bot token with getMe and names the bot', async () => {
    await expect(adapter.verify(credentials())).resolves.toEqual({ username: `@doppel_${bot}_bot` });
    expect(fake.requests.map((request) => [request.method, request.token])).toEqual([['getMe', token]]);
  });

  it('refuses an unknown token with Telegram’s description and never the token', async () => {
    const wrong = '999999:AAE-unknown_token_xyz';
    const error = await failure(adapter.verify({ bot_token: wrong }));
    expect(error.message).toBe('Telegram refused the bot token: Unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('AAE-unknown');
    expect(error.message).not.toContain(wrong);
  });

  it('blanks the token out of a description that echoes it', async () => {
    fake.failNext('getMe', 400, { description: `Bad Request: bot ${token} is deactivated` });
    const error = await failure(adapter.verify(credentials()));
    expect(error.message).toBe('Telegram refused the bot token: Bad Request: bot *** is deactivated');
  });

  it('refuses a malformed token without calling Telegram', async () => {
    const error = await failure(adapter.verify({ bot_token: '123/../../evil?x=' }));
    expect(error.message).not.toContain('evil');
    expect(fake.requests).toHaveLength(0);
  });

  it('registers the webhook with its secret token and removes it', async () => {
    await adapter.registerWebhook!(credentials(), 'https://doppel.example/webhooks/telegram/abc', SECRET);
    expect(fake.webhookOf(token)).toEqual({
      url: 'https://doppel.example/webhooks/telegram/abc',
      secretToken: SECRET,
      allowedUpdates: ['message', 'edited_message'],
    });
    expect(fake.requests[0]?.body).toMatchObject({ drop_pending_updates: false });
    await adapter.unregisterWebhook!(credentials());
    expect(fake.webhookOf(token)).toBeNull();
  });

  it('passes on a refused webhook with status 400 (the core then pulls instead)', async () => {
    fake.failNext('setWebhook', 400, {
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    const error = await failure(adapter.registerWebhook!(credentials(), 'http://localhost:3000/x', SECRET));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Telegram refused the webhook: Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    );
    expect(fake.webhookOf(token)).toBeNull();
  });

  it('sends a text and returns Telegram’s message id', async () => {
    await adapter.send(credentials(), '4242', 'Hello there');
    const second = await adapter.send(credentials(), '4242', 'Second');
    expect(second).toEqual({ externalId: '2' });
    expect(fake.sent(token)).toEqual([
      { chat_id: '4242', text: 'Hello there' },
      { chat_id: '4242', text: 'Second' },
    ]);
  });

  it('passes on a refused message with Telegram’s description and status', async () => {
    fake.failNext('sendMessage', 403, { description: 'Forbidden: bot was blocked by the user' });
    const error = await failure(adapter.send(credentials(), '4242', 'Hi'));
    expect(error.status).toBe(403);
    expect(error.message).toContain('Forbidden: bot was blocked by the user');
    expect(fake.sent(token)).toHaveLength(0);
  });

  it('waits as long as a 429’s Retry-After asks, then sends', async () => {
    fake.failNext('sendMessage', 429, { retryAfter: 1 });
    await expect(adapter.send(credentials(), '4242', 'Patience')).resolves.toEqual({ externalId: '1' });
    const [refused, accepted] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    const waited = accepted!.at - refused!.at;
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(waited).toBeLessThan(2000);
    expect(fake.sent(token)).toEqual([{ chat_id: '4242', text: 'Patience' }]);
  });

  it('never sends again after a 5xx: the message may have gone out, and the error says so', async () => {
    fake.failNext('sendMessage', 500);
    const error = await failure(adapter.send(credentials(), '4242', 'Hi'));
    expect(error).toMatchObject({ status: 500, uncertain: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.sent(token)).toHaveLength(0);
  });

  it('retries a 5xx of a call that sends nothing', async () => {
    fake.failNext('getMe', 500);
    await expect(adapter.verify(credentials())).resolves.toMatchObject({ username: expect.any(String) });
    expect(fake.requests.map((request) => request.method)).toEqual(['getMe', 'getMe']);
  });

  it('reports an unreachable Telegram as a MessengerError', async () => {
    const nowhere = createTelegramAdapter('http://127.0.0.1:1', { retry: fast });
    const error = await failure(nowhere.verify(credentials()));
    expect(error.message).toBe('Telegram could not be reached (check the bot token).');
  });

  it('splits a text over 4096 characters into several messages and returns the first id', async () => {
    const paragraph = `${'word '.repeat(600).trim()}\n`;
    const text = paragraph.repeat(3) + 'x'.repeat(5000);
    const result = await adapter.send(credentials(), '4242', text);
    const sent = fake.sent(token).map((body) => body.text as string);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.every((piece) => piece.length <= 4096)).toBe(true);
    expect(sent.join('')).toBe(text);
    expect(result).toEqual({ externalId: '1' });
    // Cut at a line break, not mid-word, where there is one.
    expect(sent[0]!.endsWith('\n')).toBe(true);
  });

  it('cuts a text without line breaks at a space, not inside a word', () => {
    const text = 'lorem ipsum '.repeat(700).trim();
    const pieces = splitTelegramText(text);
    expect(pieces.length).toBe(3);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces.slice(0, -1)) expect(piece.endsWith(' ')).toBe(true);
  });

  it('never cuts a surrogate pair in two', () => {
    const text = `${'a'.repeat(4095)}😀tail`;
    const pieces = splitTelegramText(text);
    expect(pieces[0]).toBe('a'.repeat(4095));
    expect(pieces.join('')).toBe(text);
  });

  it('pulls the text messages after `since` with getUpdates', async () => {
    const old = Math.floor(Date.parse('2026-03-01T09:00:00Z') / 1000);
    const recent = Math.floor(Date.parse('2026-03-01T11:00:00Z') / 1000);
    fake.queueUpdate(token, textUpdate({ updateId: 10, chatId: 77, text: 'old news', date: old }));
    fake.queueUpdate(
      token,
      textUpdate({
        updateId: 11,
        chatId: 77,
        text: 'fresh',
        firstName: 'Ann',
        lastName: 'Lee',
        date: recent,
      }),
    );
    fake.queueUpdate(token, {
      update_id: 12,
      message: { message_id: 3, chat: { id: 77, type: 'private' }, date: recent, sticker: {} },
    });

    const messages = await adapter.fetchRecent!(credentials(), new Date('2026-03-01T10:00:00Z'));
    expect(messages).toEqual([
      { eventId: '11', handle: '77', senderName: 'Ann Lee', text: 'fresh', sentAt: new Date(recent * 1000) },
    ]);
    const all = await adapter.fetchRecent!(credentials(), null);
    expect(all.map((message) => message.text)).toEqual(['old news', 'fresh']);
    expect(fake.requests.at(-1)?.body).toMatchObject({ allowed_updates: ['message', 'edited_message'] });
  });

  it('says there is nothing to pull while a webhook is set', async () => {
    await adapter.registerWebhook!(credentials(), 'https://doppel.example/hook', SECRET);
    const error = await failure(adapter.fetchRecent!(credentials(), null));
    expect(error.message).toBe('Telegram delivers through the webhook; there is nothing to pull.');
    expect(error.status).toBe(409);
  });
});

describe('Telegram adapter: webhook', () => {
  it('accepts an update with the right secret token and reads its message', () => {
    const update = textUpdate({
      updateId: 501,
      chatId: 8800,
      text: 'Hi Doppel',
      firstName: 'Maria',
      lastName: 'K',
      date: 1772359200,
    });
    const outcome = adapter.readWebhook(context, webhookRequest(update));
    expect(outcome).toEqual({
      kind: 'accepted',
      messages: [
        {
          eventId: '501',
          handle: '8800',
          senderName: 'Maria K',
          text: 'Hi Doppel',
          sentAt: new Date(1772359200 * 1000),
        },
      ],
    });
  });

  it('refuses a wrong secret token', () => {
    const update = textUpdate({ updateId: 1, chatId: 1, text: 'forged' });
    const outcome = adapter.readWebhook(
      context,
      webhookRequest(update, { 'x-telegram-bot-api-secret-token': 'guess' }),
    );
    expect(outcome).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses a missing secret token, and any token when none was registered', () => {
    const update = textUpdate({ updateId: 1, chatId: 1, text: 'forged' });
    const missing = adapter.readWebhook(
      context,
      webhookRequest(update, { 'x-telegram-bot-api-secret-token': undefined }),
    );
    expect(missing).toMatchObject({ kind: 'refused', status: 401 });
    const unregistered = adapter.readWebhook({ ...context, inboundSecretHash: null }, webhookRequest(update));
    expect(unregistered).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('refuses a malformed body or an update without update_id with 400', () => {
    expect(adapter.readWebhook(context, webhookRequest('{"update_id": 1,'))).toMatchObject({
      kind: 'refused',
      status: 400,
    });
    expect(adapter.readWebhook(context, webhookRequest({ message: { text: 'hi' } }))).toMatchObject({
      kind: 'refused',
      status: 400,
    });
    expect(
      adapter.readWebhook(context, { ...webhookRequest({ update_id: 1 }), method: 'GET' }),
    ).toMatchObject({
      kind: 'refused',
      status: 400,
    });
  });

  it('accepts an update without text with no messages, so Telegram stops retrying', () => {
    const sticker = {
      update_id: 7,
      message: {
        message_id: 2,
        date: 1772359200,
        chat: { id: 5, type: 'private' },
        sticker: { emoji: '👍' },
      },
    };
    expect(adapter.readWebhook(context, webhookRequest(sticker))).toEqual({ kind: 'accepted', messages: [] });
    const join = { update_id: 8, my_chat_member: { chat: { id: 5 } } };
    expect(adapter.readWebhook(context, webhookRequest(join))).toEqual({ kind: 'accepted', messages: [] });
  });

  it('reads an edited message, naming the sender by username or chat title when nameless', () => {
    const edited = {
      update_id: 9,
      edited_message: {
        message_id: 4,
        date: 1772359200,
        edit_date: 1772359260,
        from: { id: 5, is_bot: false, first_name: '', username: 'ann_l' },
        chat: { id: -1001234, type: 'supergroup', title: 'Sales' },
        text: 'Corrected text',
      },
    };
    expect(adapter.readWebhook(context, webhookRequest(edited))).toEqual({
      kind: 'accepted',
      messages: [
        {
          eventId: '9',
          handle: '-1001234',
          senderName: 'ann_l',
          text: 'Corrected text',
          sentAt: new Date(1772359200 * 1000),
        },
      ],
    });
    const channel = {
      update_id: 10,
      message: {
        message_id: 5,
        date: 1772359200,
        chat: { id: -100777, type: 'group', title: 'Sales' },
        text: 'x',
      },
    };
    const outcome = adapter.readWebhook(context, webhookRequest(channel));
    expect(outcome.kind === 'accepted' && outcome.messages[0]?.senderName).toBe('Sales');
  });

  it('accepts what the fake delivers to a registered webhook, end to end over HTTP', async () => {
    const http = await import('node:http');
    const received: WebhookRequest[] = [];
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const webhook: WebhookRequest = {
          method: 'POST',
          headers: request.headers as Record<string, string | undefined>,
          query: {},
          rawBody: Buffer.concat(chunks),
          now: new Date(),
        };
        received.push(webhook);
        const outcome = adapter.readWebhook(context, webhook);
        response.statusCode = outcome.kind === 'refused' ? outcome.status : 200;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as { port: number };
    try {
      await adapter.registerWebhook!(credentials(), `http://127.0.0.1:${port}/webhooks/telegram/x`, SECRET);
      const update = textUpdate({ updateId: 77, chatId: 12, text: 'over the wire' });
      expect(await fake.postUpdate(token, update)).toBe(200);
      expect(await fake.postUpdate(token, update, { secretToken: 'forged' })).toBe(401);
      expect(received).toHaveLength(2);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
