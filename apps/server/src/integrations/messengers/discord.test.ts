import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  discordSigner,
  startFakeDiscord,
  type FakeDiscord,
} from '../../test-support/fake-messengers/discord';
import { createDiscordAdapter, DISCORD_ACK_TEXT, splitDiscordMessage } from './discord';
import { MessengerError, type MessengerAdapter, type WebhookRequest } from './messenger-adapter';

const TOKEN = 'MTIzNDU2Nzg5.valid-discord-bot-token';
const GUILD = '1100000000000000001';
const CHANNEL = '1300000000000000001';
const retry = { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 2_000 };

let fake: FakeDiscord;
let discord: MessengerAdapter;

beforeAll(async () => {
  fake = await startFakeDiscord();
  fake.addBot(TOKEN, { username: 'doppel-bot', guilds: [GUILD] });
  discord = createDiscordAdapter(fake.baseUrl, { retry });
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
  it('names the bot and checks it is in the guild', async () => {
    await expect(discord.verify({ bot_token: TOKEN, guild_id: GUILD, public_key: 'ab' })).resolves.toEqual({
      username: 'doppel-bot',
    });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /users/@me',
      `GET /guilds/${GUILD}`,
    ]);
    expect(fake.requests.every((request) => request.headers.authorization === `Bot ${TOKEN}`)).toBe(true);
  });

  it('refuses a token Discord does not know, without repeating it', async () => {
    const token = 'MTIz.forged-token';
    const error = await rejection(discord.verify({ bot_token: token, guild_id: GUILD }));
    expect(error.message).toBe('Discord refused the bot token.');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain(token);
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a guild the bot is not a member of', async () => {
    const error = await rejection(discord.verify({ bot_token: TOKEN, guild_id: '1999999999999999999' }));
    expect(error.message).toBe('The Discord bot is not a member of guild 1999999999999999999.');
    expect(error.status).toBe(403);
  });
});

describe('send', () => {
  it('posts to the channel and answers the message id, with mentions disabled', async () => {
    const sent = await discord.send({ bot_token: TOKEN }, CHANNEL, 'Hello @everyone from the twin');
    const posted = fake.messages(CHANNEL).at(-1);
    expect(posted).toMatchObject({
      id: sent.externalId,
      content: 'Hello @everyone from the twin',
      token: TOKEN,
    });
    expect(posted?.body.allowed_mentions).toEqual({ parse: [] });
  });

  it('splits a long text into messages of at most 2000 characters, at word breaks', async () => {
    const channel = '1300000000000000002';
    const words = Array.from({ length: 900 }, (_, i) => `word${i}`);
    const text = words.join(' ');
    const sent = await discord.send({ bot_token: TOKEN }, channel, text);
    const posted = fake.messages(channel);
    expect(posted.length).toBe(Math.ceil(text.length / 2000));
    expect(posted.every((message) => message.content.length <= 2000)).toBe(true);
    expect(posted.map((message) => message.content).join('')).toBe(text);
    expect(sent.externalId).toBe(posted[0]!.id);
  });

  it('waits as Retry-After asks after a 429, then succeeds', async () => {
    const channel = '1300000000000000003';
    fake.failNext('POST /channels/:id/messages', 429, { retryAfter: 1 });
    const sent = await discord.send({ bot_token: TOKEN }, channel, 'After a pause');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(900);
    expect(fake.messages(channel)).toEqual([expect.objectContaining({ id: sent.externalId })]);
  });

  it('never sends again after a 5xx: the message may have gone out, and the error says so', async () => {
    const channel = '1300000000000000004';
    fake.failNext('POST /channels/:id/messages', 502);
    const error = await rejection(discord.send({ bot_token: TOKEN }, channel, 'Maybe arrives'));
    expect(error).toMatchObject({ status: 502, uncertain: true });
    expect(fake.requests).toHaveLength(1);
    expect(fake.messages(channel)).toEqual([]);
  });

  it("reports Discord's reason for a refused message", async () => {
    const error = await rejection(discord.send({ bot_token: TOKEN }, 'general', 'Hi'));
    expect(error.message).toContain('Unknown Channel');
    expect(error.status).toBe(404);
    expect(error.message).not.toContain(TOKEN);
  });

  it('cannot pull messages: bots need the gateway for that', () => {
    expect('fetchRecent' in discord).toBe(false);
  });
});

describe('splitDiscordMessage', () => {
  it('keeps a short text whole', () => {
    expect(splitDiscordMessage('short')).toEqual(['short']);
  });

  it('cuts a text without breaks at the limit', () => {
    expect(splitDiscordMessage('a'.repeat(4001)).map((piece) => piece.length)).toEqual([2000, 2000, 1]);
  });

  it('prefers a line break and never cuts an emoji in half', () => {
    // The break stays with the piece before it, so the pieces joined give the text back.
    expect(splitDiscordMessage(`${'a'.repeat(1500)}\n${'b'.repeat(1000)}`)).toEqual([
      `${'a'.repeat(1500)}\n`,
      'b'.repeat(1000),
    ]);
    const pieces = splitDiscordMessage(`${'a'.repeat(1999)}😀${'b'.repeat(10)}`);
    expect(pieces).toEqual(['a'.repeat(1999), `😀${'b'.repeat(10)}`]);
  });
});

describe('readWebhook', () => {
  const signer = discordSigner();
  const now = new Date('2025-03-01T12:00:00Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const context = {
    credentials: { bot_token: TOKEN, guild_id: GUILD, public_key: signer.publicKeyHex },
    inboundSecretHash: null,
  };

  function request(body: string, headers: Record<string, string>): WebhookRequest {
    return { method: 'POST', headers, query: {}, rawBody: Buffer.from(body), now };
  }

  const command = {
    id: '1400000000000000001',
    application_id: '1000000000000000001',
    type: 2,
    token: 'interaction-token',
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    data: {
      id: '1500000000000000001',
      name: 'ask',
      type: 1,
      options: [{ name: 'question', type: 3, value: 'What is on my calendar?' }],
    },
    member: {
      user: { id: '1600000000000000001', username: 'alice', global_name: 'Alice Archer' },
      roles: [],
    },
  };
  const commandBody = JSON.stringify(command);

  it('accepts a signed slash command with its text and answers at once, only to the sender', () => {
    expect(discord.readWebhook(context, request(commandBody, signer.sign(commandBody, nowSeconds)))).toEqual({
      kind: 'accepted',
      messages: [
        {
          eventId: '1400000000000000001',
          handle: CHANNEL,
          senderName: 'Alice Archer',
          text: 'What is on my calendar?',
          sentAt: now,
        },
      ],
      reply: { status: 200, body: { type: 4, data: { content: DISCORD_ACK_TEXT, flags: 64 } } },
    });
  });

  it('reads subcommand options and a direct-message sender', () => {
    const body = JSON.stringify({
      ...command,
      member: undefined,
      user: { id: '1600000000000000002', username: 'bob', global_name: null },
      data: {
        ...command.data,
        options: [
          {
            name: 'twin',
            type: 1,
            options: [
              { name: 'question', type: 3, value: 'Lunch' },
              { name: 'urgent', type: 5, value: true },
              { name: 'when', type: 3, value: 'today?' },
            ],
          },
        ],
      },
    });
    const outcome = discord.readWebhook(context, request(body, signer.sign(body, nowSeconds)));
    expect(outcome).toMatchObject({
      kind: 'accepted',
      messages: [{ senderName: 'bob', text: 'Lunch today?' }],
    });
  });

  it('answers the PING handshake', () => {
    const body = JSON.stringify({ id: '1', application_id: '2', type: 1, token: 't', version: 1 });
    expect(discord.readWebhook(context, request(body, signer.sign(body, nowSeconds)))).toEqual({
      kind: 'handshake',
      status: 200,
      body: { type: 1 },
    });
  });

  it('refuses a signature by another key, or over another body', () => {
    const other = discordSigner();
    expect(
      discord.readWebhook(context, request(commandBody, other.sign(commandBody, nowSeconds))),
    ).toMatchObject({ kind: 'refused', status: 401 });
    const tampered = commandBody.replace('What is on my calendar?', 'Delete everything');
    expect(
      discord.readWebhook(context, request(tampered, signer.sign(commandBody, nowSeconds))),
    ).toMatchObject({ kind: 'refused', status: 401 });
    // The signature covers the timestamp too.
    const headers = {
      ...signer.sign(commandBody, nowSeconds),
      'x-signature-timestamp': String(nowSeconds - 1),
    };
    expect(discord.readWebhook(context, request(commandBody, headers))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
  });

  it('refuses a correctly signed interaction more than five minutes old', () => {
    const outcome = discord.readWebhook(
      context,
      request(commandBody, signer.sign(commandBody, nowSeconds - 301)),
    );
    expect(outcome).toMatchObject({ kind: 'refused', status: 401, reason: expect.stringContaining('stale') });
    const fresh = discord.readWebhook(
      context,
      request(commandBody, signer.sign(commandBody, nowSeconds - 299)),
    );
    expect(fresh.kind).toBe('accepted');
  });

  it('refuses a request without the signature headers or with a broken public key', () => {
    const headers = signer.sign(commandBody, nowSeconds);
    for (const missing of ['x-signature-ed25519', 'x-signature-timestamp']) {
      const partial = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== missing));
      expect(discord.readWebhook(context, request(commandBody, partial))).toMatchObject({
        kind: 'refused',
        status: 401,
      });
    }
    const broken = { ...context, credentials: { ...context.credentials, public_key: 'not-hex' } };
    expect(discord.readWebhook(broken, request(commandBody, headers))).toMatchObject({
      kind: 'refused',
      status: 401,
    });
  });

  it('refuses correctly signed malformed interactions with 400', () => {
    const bodies = [
      'not json at all',
      JSON.stringify({ id: '1', data: {} }),
      JSON.stringify({ ...command, type: 99 }),
      JSON.stringify({ ...command, channel_id: undefined }),
      JSON.stringify({ ...command, member: undefined }),
    ];
    for (const body of bodies) {
      expect(discord.readWebhook(context, request(body, signer.sign(body, nowSeconds)))).toMatchObject({
        kind: 'refused',
        status: 400,
      });
    }
  });

  it('accepts other interaction types and empty commands without taking in a message', () => {
    const component = JSON.stringify({ ...command, type: 3, data: { custom_id: 'x', component_type: 2 } });
    expect(discord.readWebhook(context, request(component, signer.sign(component, nowSeconds)))).toEqual({
      kind: 'accepted',
      messages: [],
      reply: { status: 200, body: { type: 6 } },
    });
    const empty = JSON.stringify({ ...command, data: { ...command.data, options: [] } });
    expect(discord.readWebhook(context, request(empty, signer.sign(empty, nowSeconds)))).toMatchObject({
      kind: 'accepted',
      messages: [],
      reply: { status: 200, body: { type: 4, data: { flags: 64 } } },
    });
  });
});
