import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessengerConnection, Task, TaskPage } from '@doppel/contracts';
import { communicationHistory, contacts, desc, eq, messengerConnections } from '@doppel/db';
import { buildApp, type DoppelApp } from '../../app';
import {
  startFakeDiscord,
  discordSigner,
  type FakeDiscord,
} from '../../test-support/fake-messengers/discord';
import { signSlackEvent, startFakeSlack, type FakeSlack } from '../../test-support/fake-messengers/slack';
import {
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
} from '../../test-support/fake-messengers/telegram';
import {
  signWhatsApp,
  startFakeWhatsApp,
  whatsAppTextPayload,
  type FakeWhatsApp,
} from '../../test-support/fake-messengers/whatsapp';
import { signedInUser, testConfig, testDatabase } from '../../test-support/test-app';
import { detectLanguage } from '../language';
import { checkMessengerHealth } from './messenger-connections';
import { EVENT_GRACE_MS, pollMessengers, PUSHED_CHECK_MS } from './sync-messenger';

type User = Awaited<ReturnType<typeof signedInUser>>;

const TELEGRAM_TOKEN = '123456:TESTTOKENsecretpartABCDEF';
const SLACK_TOKEN = 'xoxb-slack-secret-token-0001';
const SLACK_SIGNING = 'slack-signing-secret-value-0001';
const DISCORD_TOKEN = 'discord-bot-secret-token-0001';
const WHATSAPP_TOKEN = 'EAAwhatsapp-secret-token-0001';
const WHATSAPP_APP_SECRET = 'whatsapp-app-secret-0001';
const WHATSAPP_VERIFY = 'verify-me-please-0001';
const SECRETS = [
  TELEGRAM_TOKEN,
  SLACK_TOKEN,
  SLACK_SIGNING,
  DISCORD_TOKEN,
  WHATSAPP_TOKEN,
  WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY,
];

let doppel: DoppelApp;
let telegram: FakeTelegram;
let slack: FakeSlack;
let discord: FakeDiscord;
let whatsapp: FakeWhatsApp;
const logLines: string[] = [];
const signer = discordSigner();

beforeAll(async () => {
  [telegram, slack, discord, whatsapp] = await Promise.all([
    startFakeTelegram(),
    startFakeSlack(),
    startFakeDiscord(),
    startFakeWhatsApp(),
  ]);
  telegram.addBot(TELEGRAM_TOKEN, 'doppel_test_bot');
  slack.addBot(SLACK_TOKEN, { user: 'doppel', team: 'Acme' });
  discord.addBot(DISCORD_TOKEN, { username: 'DoppelBot', guilds: ['4242'] });
  whatsapp.addNumber('1098765', WHATSAPP_TOKEN, { verifiedName: 'Acme', displayPhoneNumber: '+1 555 0100' });
  // Every log line the server writes is kept, to check no credential ever reaches one.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  doppel = await buildApp({
    config: testConfig({
      messengerApiUrls: {
        telegram: telegram.baseUrl,
        slack: slack.baseUrl,
        discord: discord.baseUrl,
        whatsapp: whatsapp.baseUrl,
      },
      messengerRetry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 1500 },
    }),
    database: await testDatabase(),
    logger: { level: 'trace', stream: sink },
  });
  await doppel.app.ready();
});
afterAll(async () => {
  await doppel.app.close();
  await Promise.all([telegram.close(), slack.close(), discord.close(), whatsapp.close()]);
});

const auth = (user: User) => ({ authorization: `Bearer ${user.accessToken}` });
const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: auth(user) });

async function connect(user: User, platform: string, credentials: Record<string, string>) {
  const response = await call(user, 'POST', '/api/messengers', { platform, credentials });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MessengerConnection>();
}

async function tasksOf(user: User) {
  return (await call(user, 'GET', '/api/tasks')).json<TaskPage>().items;
}

/** Posts a raw webhook body to the connection's inbound URL. */
function webhook(
  connection: MessengerConnection,
  body: string,
  headers: Record<string, string>,
  method: 'POST' | 'GET' = 'POST',
  query = '',
) {
  return doppel.app.inject({
    method,
    url: `/webhooks/${connection.platform}/${connection.id}${query}`,
    payload: method === 'POST' ? body : undefined,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function telegramHeaders() {
  return { 'x-telegram-bot-api-secret-token': telegram.webhookOf(TELEGRAM_TOKEN)!.secretToken! };
}

describe('connecting', () => {
  it('verifies the credentials with the platform, registers the Telegram webhook, and returns hints only', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    expect(connection).toMatchObject({
      platform: 'telegram',
      username: '@doppel_test_bot',
      isConnected: true,
      permissions: ['read_messages', 'send_messages'],
      health: { status: 'ok', error: null },
      credentialHints: { bot_token: '••••CDEF' },
      inbound: { url: `http://doppel.test/webhooks/telegram/${connection.id}`, registered: true },
    });
    const registered = telegram.webhookOf(TELEGRAM_TOKEN);
    expect(registered?.url).toBe(connection.inbound.url);
    expect(registered?.secretToken).toMatch(/^[0-9a-f]{64}$/);
    // Stored sealed: neither the token nor the webhook secret is in the row as written.
    const [row] = await doppel.ctx.db
      .select()
      .from(messengerConnections)
      .where(eq(messengerConnections.id, connection.id));
    expect(row!.credentials).not.toContain(TELEGRAM_TOKEN);
    expect(row!.inboundSecretHash).not.toBe(registered!.secretToken);
    const list = (await call(user, 'GET', '/api/messengers')).json<{ items: MessengerConnection[] }>();
    expect(list.items.map((item) => item.platform)).toEqual(['telegram']);
  });

  it('refuses bad credentials with the platform’s reason, and missing or unknown fields by name', async () => {
    const user = await signedInUser(doppel);
    const refused = await call(user, 'POST', '/api/messengers', {
      platform: 'telegram',
      credentials: { bot_token: '999:NOT-A-REAL-TOKEN-xyz' },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toEqual({
      code: 'messenger_failed',
      message: 'Telegram refused the bot token: Unauthorized',
    });
    const missing = await call(user, 'POST', '/api/messengers', {
      platform: 'whatsapp',
      credentials: { phone_number_id: '1' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      'credentials.access_token': 'required',
      'credentials.verify_token': 'required',
      'credentials.app_secret': 'required',
    });
    const unknown = await call(user, 'POST', '/api/messengers', {
      platform: 'slack',
      credentials: { bot_token: SLACK_TOKEN, signing_secret: SLACK_SIGNING, password: 'x' },
    });
    expect(unknown.json().error.fields).toEqual({ 'credentials.password': 'unknown' });
    expect((await call(user, 'GET', '/api/messengers')).json().items).toEqual([]);
  });

  it('connects Slack, Discord and WhatsApp, showing the URL to paste into their consoles', async () => {
    const user = await signedInUser(doppel);
    const slackConnection = await connect(user, 'slack', {
      bot_token: SLACK_TOKEN,
      signing_secret: SLACK_SIGNING,
    });
    expect(slackConnection).toMatchObject({ username: 'doppel (Acme)', inbound: { registered: false } });
    const discordConnection = await connect(user, 'discord', {
      bot_token: DISCORD_TOKEN,
      guild_id: '4242',
      public_key: signer.publicKeyHex,
    });
    expect(discordConnection).toMatchObject({ username: 'DoppelBot', credentialHints: { guild_id: '4242' } });
    const whatsappConnection = await connect(user, 'whatsapp', {
      phone_number_id: '1098765',
      access_token: WHATSAPP_TOKEN,
      verify_token: WHATSAPP_VERIFY,
      app_secret: WHATSAPP_APP_SECRET,
    });
    expect(whatsappConnection).toMatchObject({
      username: 'Acme (+1 555 0100)',
      inbound: { url: `http://doppel.test/webhooks/whatsapp/${whatsappConnection.id}`, registered: false },
    });
  });

  it('keeps demo sandboxes from connecting', async () => {
    const demo = await doppel.app.inject({ method: 'POST', url: '/api/demo', remoteAddress: '10.9.9.9' });
    const token = demo.json<{ accessToken: string }>().accessToken;
    const response = await doppel.app.inject({
      method: 'POST',
      url: '/api/messengers',
      payload: { platform: 'telegram', credentials: { bot_token: TELEGRAM_TOKEN } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the loop: a message in, a task, a reply out', () => {
  it('turns a Telegram message into an analysed task, and the reply reaches the chat', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    const update = textUpdate({
      updateId: 5001,
      chatId: 777001,
      text: 'Hallo! Könnten wir den Pilot nächste Woche starten?',
      firstName: 'Lena',
      lastName: 'Vogel',
    });
    const answer = await webhook(connection, JSON.stringify(update), telegramHeaders());
    expect(answer.statusCode).toBe(200);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    await doppel.ctx.background.settled();

    const [task] = await tasksOf(user);
    expect(task).toMatchObject({
      type: 'message_reply',
      title: 'Lena Vogel: Hallo! Könnten wir den Pilot nächste Woche starten?',
      status: 'pending',
      contact: { name: 'Lena Vogel', source: 'telegram', language: 'de' },
    });
    expect(task!.context).toMatchObject({ triggerType: 'message', language: 'de', analyzedBy: 'offline' });
    expect(task!.context.recommendation).toBeTruthy();

    // The same update again (Telegram retries) changes nothing.
    expect((await webhook(connection, JSON.stringify(update), telegramHeaders())).statusCode).toBe(200);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(await tasksOf(user)).toHaveLength(1);

    const sent = await call(user, 'POST', `/api/tasks/${task!.id}/send`, {
      text: 'Gern, Montag passt!',
      kind: 'custom',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      delivery: { status: 'sent', channel: 'telegram' },
      // Kept on the task, so the sent message says how it went out after a reload too.
      task: { status: 'completed', context: { delivery: { status: 'sent', channel: 'telegram' } } },
    });
    expect(telegram.sent(TELEGRAM_TOKEN).at(-1)).toMatchObject({
      chat_id: '777001',
      text: 'Gern, Montag passt!',
    });
    const [outbound] = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!))
      .orderBy(desc(communicationHistory.occurredAt));
    expect(outbound).toMatchObject({
      direction: 'outbound',
      deliveryStatus: 'sent',
      text: 'Gern, Montag passt!',
    });
    expect(outbound!.externalId).toBeTruthy();
  });

  it('an Italian message: the contact keeps Italian, the task is answered in English and says so', async () => {
    const user = await signedInUser(doppel);
    // The interface is Russian: English, not the interface language, stands in for Italian.
    expect((await call(user, 'PATCH', '/api/settings', { language: 'ru' })).statusCode).toBe(200);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    const update = textUpdate({
      updateId: 5101,
      chatId: 777101,
      text: 'Buongiorno! Potreste inviarci il preventivo aggiornato entro venerdì? Vorremmo partire con il progetto pilota a dicembre.',
      firstName: 'Giulia',
      lastName: 'Ferri',
    });
    expect((await webhook(connection, JSON.stringify(update), telegramHeaders())).statusCode).toBe(200);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    await doppel.ctx.background.settled();

    const [task] = await tasksOf(user);
    expect(task).toMatchObject({ contact: { name: 'Giulia Ferri', source: 'telegram', language: 'it' } });
    expect(task!.context).toMatchObject({ language: 'en', languageFallback: { detected: 'it' } });

    const drafted = await call(user, 'POST', `/api/tasks/${task!.id}/drafts`, {
      kinds: ['quick', 'detailed'],
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const { responses, context } = drafted.json<Task>();
    expect(Object.keys(responses).sort()).toEqual(['detailed', 'quick']);
    for (const draft of Object.values(responses)) expect(detectLanguage(draft), draft).toBe('en');
    expect(context.languageFallback).toEqual({ detected: 'it' });
  });

  it('a newer message from the same contact updates the open task instead of adding one', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    for (const [id, text] of [
      [6001, 'Hi, quick question about pricing.'],
      [6002, 'Actually, can we talk today? It is urgent.'],
    ] as const) {
      await webhook(
        connection,
        JSON.stringify(textUpdate({ updateId: id, chatId: 888, text, firstName: 'Sam' })),
        telegramHeaders(),
      );
      await doppel.ctx.jobs.runDue({ userId: user.userId });
    }
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.context.lastMessage).toBe('Actually, can we talk today? It is urgent.');
    expect(tasks[0]!.context.recommendation).toMatch(/^URGENT/);
    const history = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, tasks[0]!.contactId!));
    expect(history).toHaveLength(2);
    const people = await doppel.ctx.db.select().from(contacts).where(eq(contacts.userId, user.userId));
    expect(people).toHaveLength(1);
  });

  it('a signed update with NUL and half an emoji is verified, taken in, and stored without them', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    const update = textUpdate({
      updateId: 6501,
      chatId: 6502,
      text: 'Price\u0000 list, please \ud83d',
      firstName: 'Ro\u0000sa',
    });
    // The body is signed as sent; the check on text must leave it to the adapter as it is.
    const answer = await webhook(connection, JSON.stringify(update), telegramHeaders());
    expect(answer.statusCode, answer.body).toBe(200);
    const forged = await webhook(connection, JSON.stringify({ ...update, update_id: 6503 }), {
      'x-telegram-bot-api-secret-token': 'f'.repeat(64),
    });
    expect(forged.statusCode).toBe(401);
    await doppel.ctx.jobs.runDue({ userId: user.userId });

    const [task] = await tasksOf(user);
    expect(task).toMatchObject({
      contact: { name: 'Rosa' },
      context: { lastMessage: 'Price list, please \uFFFD' },
    });
    const [message] = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!));
    expect(message!.text).toBe('Price list, please \uFFFD');
  });

  it('a refused send keeps the draft, records the failure and leaves the task open', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    await webhook(
      connection,
      JSON.stringify(textUpdate({ updateId: 7001, chatId: 999, text: 'Are you there?', firstName: 'Kim' })),
      telegramHeaders(),
    );
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const [task] = await tasksOf(user);
    telegram.failNext('sendMessage', 403, { description: 'Forbidden: bot was blocked by the user' });
    const sent = await call(user, 'POST', `/api/tasks/${task!.id}/send`, {
      text: 'Yes, here!',
      kind: 'quick',
    });
    expect(sent.statusCode).toBe(502);
    expect(sent.json().error.code).toBe('messenger_failed');
    expect(sent.json().error.message).toContain('bot was blocked by the user');
    const after = (await call(user, 'GET', `/api/tasks/${task!.id}`)).json<Task>();
    expect(after.status).toBe('pending');
    expect(after.responses.quick).toBe('Yes, here!');
    const [failed] = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!))
      .orderBy(desc(communicationHistory.occurredAt));
    expect(failed).toMatchObject({ direction: 'outbound', deliveryStatus: 'failed' });
    expect(failed!.deliveryError).toContain('blocked');
  });

  it('a send the platform may have delivered (5xx) is not tried again: the task asks, and Retry sends it', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    await webhook(
      connection,
      JSON.stringify(
        textUpdate({ updateId: 7101, chatId: 4040, text: 'Still on for 3pm?', firstName: 'Lev' }),
      ),
      telegramHeaders(),
    );
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const [task] = await tasksOf(user);
    const sendCalls = () => telegram.requests.filter((request) => request.method === 'sendMessage').length;
    const before = sendCalls();
    telegram.failNext('sendMessage', 502, { description: 'Bad Gateway' });
    const sent = await call(user, 'POST', `/api/tasks/${task!.id}/send`, {
      text: 'Yes, 3pm.',
      kind: 'quick',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().delivery).toEqual({ status: 'unknown', channel: 'telegram' });
    // One request: a retry could have sent it twice.
    expect(sendCalls()).toBe(before + 1);
    const open = (await call(user, 'GET', `/api/tasks/${task!.id}`)).json<Task>();
    expect(open).toMatchObject({
      status: 'pending',
      responses: { quick: 'Yes, 3pm.', sent: 'Yes, 3pm.' },
      context: { delivery: { status: 'unknown', channel: 'telegram' } },
    });
    const [entry] = await doppel.ctx.db
      .select()
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!))
      .orderBy(desc(communicationHistory.occurredAt));
    expect(entry).toMatchObject({ direction: 'outbound', deliveryStatus: 'unknown' });

    // The user checked the chat: Retry sends it once more, and the task is done.
    const retried = await call(user, 'POST', `/api/tasks/${task!.id}/delivery/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().delivery).toEqual({ status: 'sent', channel: 'telegram' });
    expect(sendCalls()).toBe(before + 2);
    expect(telegram.sent(TELEGRAM_TOKEN).at(-1)).toMatchObject({ chat_id: '4040', text: 'Yes, 3pm.' });
    expect((await call(user, 'GET', `/api/tasks/${task!.id}`)).json<Task>()).toMatchObject({
      status: 'completed',
      context: { delivery: { status: 'sent' } },
    });
  });

  it('send_messages off: the reply is for sending by hand; read_messages off: nothing is taken in', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    await webhook(
      connection,
      JSON.stringify(textUpdate({ updateId: 8001, chatId: 1234, text: 'Hello there', firstName: 'Ada' })),
      telegramHeaders(),
    );
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const [task] = await tasksOf(user);
    const sentBefore = telegram.sent(TELEGRAM_TOKEN).length;
    expect(
      (
        await call(user, 'PATCH', `/api/messengers/${connection.id}`, { permissions: ['read_messages'] })
      ).json().permissions,
    ).toEqual(['read_messages']);
    const sent = await call(user, 'POST', `/api/tasks/${task!.id}/send`, { text: 'Hi Ada', kind: 'custom' });
    expect(sent.json().delivery.status).toBe('to_send_manually');
    expect(telegram.sent(TELEGRAM_TOKEN)).toHaveLength(sentBefore);

    await call(user, 'PATCH', `/api/messengers/${connection.id}`, { permissions: [] });
    const ignored = await webhook(
      connection,
      JSON.stringify(textUpdate({ updateId: 8002, chatId: 5678, text: 'Anyone?', firstName: 'Bo' })),
      telegramHeaders(),
    );
    expect(ignored.statusCode).toBe(200);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(await tasksOf(user)).toHaveLength(1);
  });
});

describe('webhooks refuse what is not authentic, and change nothing', () => {
  it('Telegram: wrong or missing secret token, malformed body, replayed update', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    const body = JSON.stringify(
      textUpdate({ updateId: 9001, chatId: 42, text: 'Forged?', firstName: 'Eve' }),
    );
    expect(
      (await webhook(connection, body, { 'x-telegram-bot-api-secret-token': 'f'.repeat(64) })).statusCode,
    ).toBe(401);
    expect((await webhook(connection, body, {})).statusCode).toBe(401);
    expect((await webhook(connection, '{not json', telegramHeaders())).statusCode).toBe(400);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect(await tasksOf(user)).toEqual([]);
    expect(logLines.some((line) => line.includes('webhook refused'))).toBe(true);
  });

  it('Slack: a signed event in, url_verification, forged, stale, replayed and malformed', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'slack', {
      bot_token: SLACK_TOKEN,
      signing_secret: SLACK_SIGNING,
    });
    const now = Math.floor(Date.now() / 1000);
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'abc123' });
    const handshake = await webhook(connection, challenge, signSlackEvent(SLACK_SIGNING, challenge, now));
    expect(handshake.json()).toEqual({ challenge: 'abc123' });

    const event = JSON.stringify({
      type: 'event_callback',
      event_id: 'Ev001',
      event: {
        type: 'message',
        channel: 'D0CHAN',
        user: 'U123',
        text: 'Can you send the deck?',
        ts: `${now}.000100`,
      },
    });
    expect((await webhook(connection, event, signSlackEvent(SLACK_SIGNING, event, now))).statusCode).toBe(
      200,
    );
    expect((await webhook(connection, event, signSlackEvent(SLACK_SIGNING, event, now))).statusCode).toBe(
      200,
    );
    expect((await webhook(connection, event, signSlackEvent('wrong-secret', event, now))).statusCode).toBe(
      401,
    );
    expect(
      (await webhook(connection, event, signSlackEvent(SLACK_SIGNING, event, now - 6 * 60))).statusCode,
    ).toBe(401);
    expect((await webhook(connection, '{oops', signSlackEvent(SLACK_SIGNING, '{oops', now))).statusCode).toBe(
      400,
    );
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      contact: { source: 'slack' },
      context: { lastMessage: 'Can you send the deck?' },
    });

    const sent = await call(user, 'POST', `/api/tasks/${tasks[0]!.id}/send`, {
      text: 'Here it is.',
      kind: 'custom',
    });
    expect(sent.json().delivery.status).toBe('sent');
    expect(slack.posted(SLACK_TOKEN).at(-1)).toMatchObject({ channel: 'D0CHAN', text: 'Here it is.' });
  });

  it('Discord: a signed slash command in, PING, forged, stale, replayed and malformed', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'discord', {
      bot_token: DISCORD_TOKEN,
      guild_id: '4242',
      public_key: signer.publicKeyHex,
    });
    const ping = JSON.stringify({ id: 'p1', type: 1 });
    expect((await webhook(connection, ping, signer.sign(ping))).json()).toEqual({ type: 1 });
    const command = JSON.stringify({
      id: '1300000000000000001',
      type: 2,
      channel_id: '5550001',
      member: { user: { id: '77', username: 'nina', global_name: 'Nina' } },
      data: { name: 'ask', options: [{ name: 'question', type: 3, value: 'What does the team plan cost?' }] },
    });
    const accepted = await webhook(connection, command, signer.sign(command));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ type: 4 });
    expect((await webhook(connection, command, signer.sign(command))).statusCode).toBe(200);
    const forged = discordSigner().sign(command);
    expect((await webhook(connection, command, forged)).statusCode).toBe(401);
    expect(
      (await webhook(connection, command, signer.sign(command, Math.floor(Date.now() / 1000) - 600)))
        .statusCode,
    ).toBe(401);
    expect((await webhook(connection, '{x', signer.sign('{x'))).statusCode).toBe(400);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ contact: { name: 'Nina', source: 'discord' } });
    await call(user, 'POST', `/api/tasks/${tasks[0]!.id}/send`, { text: '49 EUR per seat.', kind: 'custom' });
    expect(discord.messages('5550001').at(-1)?.content).toBe('49 EUR per seat.');
  });

  it('WhatsApp: the verify-token handshake, a signed message in, forged, unsigned, replayed and malformed', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'whatsapp', {
      phone_number_id: '1098765',
      access_token: WHATSAPP_TOKEN,
      verify_token: WHATSAPP_VERIFY,
      app_secret: WHATSAPP_APP_SECRET,
    });
    const good = await webhook(
      connection,
      '',
      {},
      'GET',
      `?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY}&hub.challenge=918273`,
    );
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('918273');
    expect(
      (await webhook(connection, '', {}, 'GET', '?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1'))
        .statusCode,
    ).toBe(403);

    const body = JSON.stringify(
      whatsAppTextPayload({
        phoneNumberId: '1098765',
        from: '15550199',
        text: '¿Podemos hablar mañana?',
        id: 'wamid.ONE',
        name: 'Lucía',
      }),
    );
    expect(
      (await webhook(connection, body, { 'x-hub-signature-256': signWhatsApp(WHATSAPP_APP_SECRET, body) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await webhook(connection, body, { 'x-hub-signature-256': signWhatsApp(WHATSAPP_APP_SECRET, body) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await webhook(connection, body, { 'x-hub-signature-256': signWhatsApp('forged', body) })).statusCode,
    ).toBe(401);
    expect((await webhook(connection, body, {})).statusCode).toBe(401);
    expect(
      (await webhook(connection, '[]', { 'x-hub-signature-256': signWhatsApp(WHATSAPP_APP_SECRET, '[]') }))
        .statusCode,
    ).toBe(400);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const tasks = await tasksOf(user);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ contact: { name: 'Lucía', source: 'whatsapp', language: 'es' } });
    await call(user, 'POST', `/api/tasks/${tasks[0]!.id}/send`, { text: 'Claro, a las 10.', kind: 'custom' });
    expect(whatsapp.sent('1098765').at(-1)).toMatchObject({
      to: '15550199',
      body: { text: { body: 'Claro, a las 10.' } },
    });
  });

  it('an unknown connection, or one of another platform, is not found', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'telegram', { bot_token: TELEGRAM_TOKEN });
    const body = JSON.stringify(textUpdate({ updateId: 1, chatId: 1, text: 'x', firstName: 'X' }));
    expect(
      (await doppel.app.inject({ method: 'POST', url: `/webhooks/slack/${connection.id}`, payload: body }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await doppel.app.inject({
          method: 'POST',
          url: '/webhooks/telegram/00000000-0000-4000-8000-000000000000',
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('test, sync, disconnect, and other users', () => {
  it('test passes, then fails once the token is revoked, and the health says so', async () => {
    const user = await signedInUser(doppel);
    const token = '555000:REVOKABLEtokenABCDEFGH';
    telegram.addBot(token, 'revokable_bot');
    const connection = await connect(user, 'telegram', { bot_token: token });
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/test`)).json()).toMatchObject({
      ok: true,
      error: null,
    });
    telegram.failNext('getMe', 401, { description: 'Unauthorized' });
    const failed = (await call(user, 'POST', `/api/messengers/${connection.id}/test`)).json();
    expect(failed).toMatchObject({
      ok: false,
      error: 'Telegram refused the bot token: Unauthorized',
      connection: { health: { status: 'failing' } },
    });
  });

  it('sync pulls Slack’s recent messages once, and says when a platform only pushes', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'slack', {
      bot_token: SLACK_TOKEN,
      signing_secret: SLACK_SIGNING,
    });
    slack.addUser('U900', 'Omar Haddad');
    slack.addMessage('D0SYNC', {
      user: 'U900',
      text: 'Following up on the proposal.',
      ts: `${Math.floor(Date.now() / 1000)}.000200`,
    });
    const first = await call(user, 'POST', `/api/messengers/${connection.id}/sync`);
    expect(first.json()).toMatchObject({ received: 1 });
    expect(first.json().connection.lastSyncAt).toBeTruthy();
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/sync`)).json().received).toBe(0);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect((await tasksOf(user))[0]).toMatchObject({ contact: { name: 'Omar Haddad' } });

    const whatsappConnection = await connect(user, 'whatsapp', {
      phone_number_id: '1098765',
      access_token: WHATSAPP_TOKEN,
      verify_token: WHATSAPP_VERIFY,
      app_secret: WHATSAPP_APP_SECRET,
    });
    const refused = await call(user, 'POST', `/api/messengers/${whatsappConnection.id}/sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'WhatsApp sends messages to Doppel as they arrive; there is nothing to pull.',
    );
  });

  it('Slack: a message both pulled and pushed is one message, and once Slack pushes the poll stops', async () => {
    const user = await signedInUser(doppel);
    const connection = await connect(user, 'slack', {
      bot_token: SLACK_TOKEN,
      signing_secret: SLACK_SIGNING,
    });
    const now = Math.floor(Date.now() / 1000);
    slack.addUser('U901', 'Nia Brooks');
    const pulled = { user: 'U901', text: 'Is the pilot still on?', ts: `${now}.000300` };
    slack.addMessage('D0BOTH', pulled);
    // (The fake Slack also holds other tests' messages for this bot.)
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/sync`)).statusCode).toBe(200);

    // The user sets the Slack app's Request URL: Slack verifies it, then pushes the same message
    // as an event of its own (Ev…), and a new one.
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'xyz' });
    expect(
      (await webhook(connection, challenge, signSlackEvent(SLACK_SIGNING, challenge, now))).statusCode,
    ).toBe(200);
    const pushed = (eventId: string, message: typeof pulled) => {
      const body = JSON.stringify({
        type: 'event_callback',
        event_id: eventId,
        event: { type: 'message', channel: 'D0BOTH', ...message },
      });
      return webhook(connection, body, signSlackEvent(SLACK_SIGNING, body, now));
    };
    expect((await pushed('Ev100', pulled)).statusCode).toBe(200);
    const newer = { user: 'U901', text: 'And can we add two seats?', ts: `${now}.000400` };
    expect((await pushed('Ev101', newer)).statusCode).toBe(200);
    await doppel.ctx.jobs.runDue({ userId: user.userId });

    const task = (await tasksOf(user)).find((candidate) => candidate.contact?.name === 'Nia Brooks');
    const history = await doppel.ctx.db
      .select({ text: communicationHistory.text })
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!));
    expect(history.map((entry) => entry.text).sort()).toEqual([
      'And can we add two seats?',
      'Is the pilot still on?',
    ]);

    // Slack delivers now: the card says so, Sync has nothing to pull, and the poll leaves it.
    const [listed] = (await call(user, 'GET', '/api/messengers'))
      .json<{ items: MessengerConnection[] }>()
      .items.filter((item) => item.id === connection.id);
    expect(listed!.inbound.registered).toBe(true);
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/sync`)).statusCode).toBe(409);
    slack.addMessage('D0BOTH', { user: 'U901', text: 'Only in the history.', ts: `${now}.000500` });
    await pollMessengers(doppel.ctx);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const after = await doppel.ctx.db
      .select({ text: communicationHistory.text })
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!));
    expect(after).toHaveLength(2);

    // The Slack app's events are switched off later. Ten minutes on, the check of its history
    // finds a message no event brought: it is taken in once, and polling is back.
    const tenMinutesAgo = new Date(Date.now() - PUSHED_CHECK_MS);
    await doppel.ctx.db
      .update(messengerConnections)
      .set({ lastSyncAt: tenMinutesAgo })
      .where(eq(messengerConnections.id, connection.id));
    const old = Math.floor((Date.now() - EVENT_GRACE_MS - 60_000) / 1000);
    slack.addMessage('D0BOTH', { user: 'U901', text: 'Are you still there?', ts: `${old}.000600` });
    await pollMessengers(doppel.ctx);
    await pollMessengers(doppel.ctx);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    const caught = await doppel.ctx.db
      .select({ text: communicationHistory.text })
      .from(communicationHistory)
      .where(eq(communicationHistory.contactId, task!.contactId!));
    expect(caught.map((entry) => entry.text).filter((text) => text === 'Are you still there?')).toHaveLength(
      1,
    );
    const [polled] = (await call(user, 'GET', '/api/messengers'))
      .json<{ items: MessengerConnection[] }>()
      .items.filter((item) => item.id === connection.id);
    expect(polled!.inbound.registered).toBe(false);
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/sync`)).statusCode).toBe(200);
  });

  it('disconnect removes the Telegram webhook and the stored credentials; other users see nothing', async () => {
    const [owner, stranger] = [await signedInUser(doppel), await signedInUser(doppel)];
    const token = '777000:DISCONNECTtokenABCDEFG';
    telegram.addBot(token, 'leaving_bot');
    const connection = await connect(owner, 'telegram', { bot_token: token });
    expect((await call(stranger, 'GET', '/api/messengers')).json().items).toEqual([]);
    for (const [method, url] of [
      ['POST', `/api/messengers/${connection.id}/test`],
      ['POST', `/api/messengers/${connection.id}/sync`],
      ['PATCH', `/api/messengers/${connection.id}`],
      ['DELETE', `/api/messengers/${connection.id}`],
    ] as const) {
      const response = await call(
        stranger,
        method,
        url,
        method === 'PATCH' ? { permissions: [] } : undefined,
      );
      expect(response.statusCode, url).toBe(404);
    }
    expect(telegram.webhookOf(token)).not.toBeNull();
    expect((await call(owner, 'DELETE', `/api/messengers/${connection.id}`)).statusCode).toBe(200);
    expect(telegram.webhookOf(token)).toBeNull();
    expect(
      await doppel.ctx.db
        .select()
        .from(messengerConnections)
        .where(eq(messengerConnections.id, connection.id)),
    ).toEqual([]);
  });

  it('a Telegram bot whose webhook Telegram refuses (no https) is pulled instead, by Sync and the poll', async () => {
    const user = await signedInUser(doppel);
    const token = '888000:LOCALINSTALLtokenABCDEF';
    telegram.addBot(token, 'local_bot');
    telegram.failNext('setWebhook', 400, {
      description: 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    });
    const connection = await connect(user, 'telegram', { bot_token: token });
    expect(connection.inbound.registered).toBe(false);
    telegram.queueUpdate(
      token,
      textUpdate({ updateId: 4401, chatId: 4242, text: 'Polled hello', firstName: 'Pia' }),
    );
    await pollMessengers(doppel.ctx);
    await doppel.ctx.jobs.runDue({ userId: user.userId });
    expect((await tasksOf(user))[0]).toMatchObject({
      contact: { name: 'Pia' },
      context: { lastMessage: 'Polled hello' },
    });
    telegram.queueUpdate(
      token,
      textUpdate({ updateId: 4402, chatId: 4343, text: 'Synced hello', firstName: 'Quinn' }),
    );
    expect((await call(user, 'POST', `/api/messengers/${connection.id}/sync`)).json()).toMatchObject({
      received: 1,
    });
  });

  it('the health check (run by housekeeping) marks a connection whose credentials stopped working', async () => {
    const user = await signedInUser(doppel);
    const token = '999000:HEALTHCHECKtokenABCDEF';
    telegram.addBot(token, 'health_bot');
    const connection = await connect(user, 'telegram', { bot_token: token });
    telegram.failNext('getMe', 401, { description: 'Unauthorized' });
    await checkMessengerHealth(
      doppel.ctx,
      (
        await doppel.ctx.db
          .select()
          .from(messengerConnections)
          .where(eq(messengerConnections.id, connection.id))
      )[0]!,
    );
    const [listed] = (await call(user, 'GET', '/api/messengers')).json<{ items: MessengerConnection[] }>()
      .items;
    expect(listed!.health).toMatchObject({
      status: 'failing',
      error: 'Telegram refused the bot token: Unauthorized',
    });
  });

  it('no credential ever appears in an API answer or a log line', async () => {
    const user = await signedInUser(doppel);
    const answers = [
      await call(user, 'POST', '/api/messengers', {
        platform: 'telegram',
        credentials: { bot_token: TELEGRAM_TOKEN },
      }),
      await call(user, 'POST', '/api/messengers', {
        platform: 'slack',
        credentials: { bot_token: SLACK_TOKEN, signing_secret: SLACK_SIGNING },
      }),
      await call(user, 'POST', '/api/messengers', {
        platform: 'whatsapp',
        credentials: {
          phone_number_id: '1098765',
          access_token: WHATSAPP_TOKEN,
          verify_token: WHATSAPP_VERIFY,
          app_secret: WHATSAPP_APP_SECRET,
        },
      }),
      await call(user, 'POST', '/api/messengers', {
        platform: 'discord',
        credentials: { bot_token: DISCORD_TOKEN, guild_id: '4242', public_key: signer.publicKeyHex },
      }),
      await call(user, 'GET', '/api/messengers'),
    ];
    const everything = [...answers.map((answer) => answer.body), ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});
