import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signSlackEvent, startFakeSlack, type FakeSlack } from '../../test-support/fake-messengers/slack';
import { MessengerError, type MessengerAdapter, type WebhookRequest } from './messenger-adapter';
import { createSlackAdapter } from './slack';

const TOKEN = 'xoxb-valid-bot-token-1234';
const SECRET = 'slack-signing-secret-abcdef';
const retry = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 2_000 };

let fake: FakeSlack;
let slack: MessengerAdapter;

beforeAll(async () => {
  fake = await startFakeSlack();
  fake.addBot(TOKEN, { user: 'doppel', team: 'Acme' });
  slack = createSlackAdapter(fake.baseUrl, { retry });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

async function rejection(promise: Promise<unknown>): Promise<MessengerError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MessengerError);
  return error as MessengerError;
}

describe('verify', () => {
  it('names the bot and its workspace from auth.test', async () => {
    await expect(slack.verify({ bot_token: TOKEN, signing_secret: SECRET })).resolves.toEqual({
      username: 'doppel (Acme)',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'auth.test', httpMethod: 'POST', token: TOKEN });
  });

  it("refuses a token Slack does not know, with Slack's error code and without the token", async () => {
    const token = 'xoxb-forged-token-9876';
    const error = await rejection(slack.verify({ bot_token: token, signing_secret: SECRET }));
    expect(error.message).toBe('Slack refused the bot token: invalid_auth');
    expect(error.message).not.toContain(token);
    expect(error.message).not.toContain(SECRET);
  });
});

describe('send', () => {
  it('posts with chat.postMessage and answers the ts as the external id', async () => {
    const sent = await slack.send({ bot_token: TOKEN }, 'D0ALICE', 'Hello from the twin');
    const posted = fake.posted(TOKEN);
    expect(posted.at(-1)).toEqual({ channel: 'D0ALICE', text: 'Hello from the twin', ts: sent.externalId });
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("turns ok: false into a MessengerError carrying Slack's error code", async () => {
    const error = await rejection(slack.send({ bot_token: TOKEN }, 'not-a-channel', 'Hi'));
    expect(error.message).toContain('channel_not_found');
    expect(error.message).not.toContain(TOKEN);
  });

  it('waits as Retry-After asks after a 429, then succeeds', async () => {
    fake.failNext('chat.postMessage', 429, { retryAfter: 1 });
    const sent = await slack.send({ bot_token: TOKEN }, 'D0BOB', 'After a pause');
    const attempts = fake.requests.filter((request) => request.method === 'chat.postMessage');
    expect(attempts).toHaveLength(2);
    // The short policy alone would wait 10 ms; Retry-After asked for a second.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(fake.posted(TOKEN).at(-1)).toMatchObject({ text: 'After a pause', ts: sent.externalId });
  });

  it('never sends again after a 5xx: the message may have gone out, and the error says so', async () => {
    fake.failNext('chat.postMessage', 503);
    const before = fake.posted(TOKEN).length;
    const calls = () => fake.requests.filter((request) => request.method === 'chat.postMessage').length;
    const callsBefore = calls();
    const error = await rejection(slack.send({ bot_token: TOKEN }, 'D0BOB', 'Maybe arrives'));
    expect(error).toMatchObject({ status: 503, uncertain: true });
    expect(error.message).toContain('503');
    expect(calls()).toBe(callsBefore + 1);
    expect(fake.posted(TOKEN)).toHaveLength(before);
  });
});

describe('fetchRecent', () => {
  beforeAll(() => {
    fake.addUser('U0ALICE', 'Alice Archer');
    fake.addMessage('D0ALICE', { user: 'U0ALICE', text: 'old news', ts: '1700000000.000100' });
    fake.addMessage('D0ALICE', { user: 'U0ALICE', text: 'first question', ts: '1700000100.000100' });
    fake.addMessage('D0ALICE', { user: 'U0ALICE', text: 'second question', ts: '1700000300.000100' });
    fake.addMessage('D0ALICE', { text: 'bot reply', ts: '1700000150.000100', bot_id: 'B0BOT' });
    fake.addMessage('D0ALICE', {
      user: 'U0ALICE',
      text: 'edited',
      ts: '1700000160.000100',
      subtype: 'message_changed',
    });
    fake.addMessage('D0CAROL', { user: 'U0CAROL', text: 'from Carol', ts: '1700000200.000100' });
  });

  it('reads direct messages since a date from people, oldest first, naming senders once each', async () => {
    fake.setPageSize(2);
    try {
      const messages = await slack.fetchRecent!({ bot_token: TOKEN }, new Date(1700000050_000));
      expect(messages).toEqual([
        {
          eventId: 'D0ALICE:1700000100.000100',
          handle: 'D0ALICE',
          senderName: 'Alice Archer',
          text: 'first question',
          sentAt: new Date(1700000100_000),
        },
        {
          eventId: 'D0CAROL:1700000200.000100',
          handle: 'D0CAROL',
          // users.info does not know Carol: the user id stands in.
          senderName: 'U0CAROL',
          text: 'from Carol',
          sentAt: new Date(1700000200_000),
        },
        {
          eventId: 'D0ALICE:1700000300.000100',
          handle: 'D0ALICE',
          senderName: 'Alice Archer',
          text: 'second question',
          sentAt: new Date(1700000300_000),
        },
      ]);
    } finally {
      fake.setPageSize(1000);
    }
    const calls = fake.requests.map((request) => request.method);
    expect(calls.filter((method) => method === 'users.info')).toHaveLength(2);
    expect(calls.filter((method) => method === 'conversations.list')).toHaveLength(1);
    // Alice's history spans two pages of two.
    expect(calls.filter((method) => method === 'conversations.history')).toHaveLength(3);
    const list = fake.requests.find((request) => request.method === 'conversations.list');
    expect(list?.params.types).toBe('im');
    const history = fake.requests.find((request) => request.method === 'conversations.history');
    expect(history?.params.oldest).toBe('1700000050.000000');
  });

  it('reads the whole history when there was no earlier sync', async () => {
    const messages = await slack.fetchRecent!({ bot_token: TOKEN }, null);
    expect(messages.map((message) => message.text)).toEqual([
      'old news',
      'first question',
      'from Carol',
      'second question',
    ]);
    const history = fake.requests.find((request) => request.method === 'conversations.history');
    expect(history?.params).not.toHaveProperty('oldest');
  });

  it('reports a refused token as a MessengerError', async () => {
    const error = await rejection(slack.fetchRecent!({ bot_token: 'xoxb-wrong' }, null));
    expect(error.message).toContain('invalid_auth');
    expect(error.message).not.toContain('xoxb-wrong');
  });
});

describe('readWebhook', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const context = { credentials: { bot_token: TOKEN, signing_secret: SECRET }, inboundSecretHash: null };

  function request(body: string, headers: Record<string, string>): WebhookRequest {
    return { method: 'POST', headers, query: {}, rawBody: Buffer.from(body), now };
  }

  const messageEvent = JSON.stringify({
    token: 'legacy-verification-token',
    team_id: 'T0FAKE',
    api_app_id: 'A0APP',
    type: 'event_callback',
    event_id: 'Ev0MESSAGE1',
    event_time: nowSeconds,
    event: {
      type: 'message',
      channel: 'D0ALICE',
      channel_type: 'im',
      user: 'U0ALICE',
      text: 'Are you free tomorrow?',
      ts: '1740830400.000200',
      event_ts: '1740830400.000200',
    },
  });

  it('accepts a signed message event with its one message, known by the id the poll gives it', () => {
    const outcome = slack.readWebhook(
      context,
      request(messageEvent, signSlackEvent(SECRET, messageEvent, nowSeconds)),
    );
    expect(outcome).toEqual({
      kind: 'accepted',
      messages: [
        {
          // channel:ts, as fetchRecent names it, not the event's own Ev… id.
          eventId: 'D0ALICE:1740830400.000200',
          handle: 'D0ALICE',
          senderName: 'U0ALICE',
          text: 'Are you free tomorrow?',
          sentAt: new Date(1740830400_000),
        },
      ],
    });
  });

  it('accepts a request signed just inside the five-minute window', () => {
    const timestamp = nowSeconds - 299;
    const outcome = slack.readWebhook(
      context,
      request(messageEvent, signSlackEvent(SECRET, messageEvent, timestamp)),
    );
    expect(outcome.kind).toBe('accepted');
  });

  it('refuses a signature made with another secret, or over another body', () => {
    const forged = slack.readWebhook(
      context,
      request(messageEvent, signSlackEvent('someone-elses-secret', messageEvent, nowSeconds)),
    );
    expect(forged).toMatchObject({ kind: 'refused', status: 401 });
    const tampered = messageEvent.replace('Are you free tomorrow?', 'Send me the passwords');
    const swapped = slack.readWebhook(
      context,
      request(tampered, signSlackEvent(SECRET, messageEvent, nowSeconds)),
    );
    expect(swapped).toMatchObject({ kind: 'refused', status: 401 });
    expect(JSON.stringify([forged, swapped])).not.toContain(SECRET);
  });

  it('refuses a timestamp more than five minutes old or ahead, even correctly signed', () => {
    for (const timestamp of [nowSeconds - 301, nowSeconds + 301]) {
      const outcome = slack.readWebhook(
        context,
        request(messageEvent, signSlackEvent(SECRET, messageEvent, timestamp)),
      );
      expect(outcome).toMatchObject({
        kind: 'refused',
        status: 401,
        reason: expect.stringContaining('stale'),
      });
    }
  });

  it('refuses a request without the signature headers', () => {
    const headers = signSlackEvent(SECRET, messageEvent, nowSeconds);
    for (const missing of ['x-slack-signature', 'x-slack-request-timestamp']) {
      const partial = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== missing));
      expect(slack.readWebhook(context, request(messageEvent, partial))).toMatchObject({
        kind: 'refused',
        status: 401,
      });
    }
  });

  it('refuses a correctly signed body that is not JSON with 400', () => {
    const body = 'payload=%7B%22type%22%3A%22block_actions%22%7D';
    expect(slack.readWebhook(context, request(body, signSlackEvent(SECRET, body, nowSeconds)))).toMatchObject(
      {
        kind: 'refused',
        status: 400,
      },
    );
  });

  it('answers the url_verification handshake with its challenge', () => {
    const body = JSON.stringify({ token: 't', challenge: 'ch4ll3ng3-value', type: 'url_verification' });
    expect(slack.readWebhook(context, request(body, signSlackEvent(SECRET, body, nowSeconds)))).toEqual({
      kind: 'handshake',
      status: 200,
      body: { challenge: 'ch4ll3ng3-value' },
    });
  });

  it('accepts bot messages, edits and other events without taking in a message', () => {
    const base = JSON.parse(messageEvent) as { event: Record<string, unknown> };
    const variants = [
      { ...base, event: { ...base.event, bot_id: 'B0BOT', user: undefined } },
      { ...base, event: { ...base.event, subtype: 'message_changed' } },
      { ...base, event: { ...base.event, text: '' } },
      { ...base, event: { type: 'reaction_added', user: 'U0ALICE', reaction: 'thumbsup' } },
      { type: 'app_rate_limited', team_id: 'T0FAKE', minute_rate_limited: nowSeconds },
    ];
    for (const variant of variants) {
      const body = JSON.stringify(variant);
      expect(slack.readWebhook(context, request(body, signSlackEvent(SECRET, body, nowSeconds)))).toEqual({
        kind: 'accepted',
        messages: [],
      });
    }
  });
});
