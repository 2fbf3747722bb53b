import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MessengerConnection,
  NotificationStatus,
  Task,
  TaskPage,
  TelegramLink,
} from '@doppel/contracts';
import { contacts, eq } from '@doppel/db';
import type { DoppelApp } from '../../app';
import {
  startFakeTelegram,
  textUpdate,
  type FakeTelegram,
} from '../../test-support/fake-messengers/telegram';
import { createTestApp, ManualClock, signedInUser } from '../../test-support/test-app';
import { announceUrgentTasks } from './index';

/*
 * Urgent tasks in the user's own Telegram chat, through the bot they connected in Settings →
 * Messengers (a fake Bot API on 127.0.0.1). The chat is linked by sending the bot a one-time code.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const clock = new ManualClock();
let telegram: FakeTelegram;
let doppel: DoppelApp;
let nextToken = 100_000;
let nextUpdate = 1;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  doppel = await createTestApp({
    clock,
    config: {
      messengerApiUrls: {
        telegram: telegram.baseUrl,
        slack: telegram.baseUrl,
        discord: telegram.baseUrl,
        whatsapp: telegram.baseUrl,
      },
      messengerRetry: { maxRetries: 0, baseDelayMs: 10, maxDelayMs: 10 },
    },
  });
});
afterAll(async () => {
  await doppel.app.close();
  await telegram.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.accessToken}` } });

const statusOf = async (user: User) =>
  (await call(user, 'GET', '/api/notifications')).json<NotificationStatus>();

async function createTask(user: User, title: string, priority: 'high' | 'low') {
  const response = await call(user, 'POST', '/api/tasks', { type: 'proactive_message', title, priority });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Task>();
}

/** A new access token, once the clock has moved past the last one's expiry. */
async function signInAgain(user: User): Promise<User> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: user.ip,
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, accessToken: response.json<{ accessToken: string }>().accessToken };
}

/** A user with their own bot connected in Settings → Messengers. */
async function userWithBot() {
  const user = await signedInUser(doppel);
  const token = `${nextToken++}:TESTTOKENnotifications${nextToken}`;
  const username = `doppel_notify_${nextToken}_bot`;
  telegram.addBot(token, username);
  const connected = await call(user, 'POST', '/api/messengers', {
    platform: 'telegram',
    credentials: { bot_token: token },
  });
  expect(connected.statusCode, connected.body).toBe(201);
  return { user, token, username, connection: connected.json<MessengerConnection>() };
}

/** Telegram delivering a message someone sent the bot, then the worker taking it in. */
async function botReceives(
  bot: Awaited<ReturnType<typeof userWithBot>>,
  chatId: number,
  text: string,
): Promise<void> {
  const response = await doppel.app.inject({
    method: 'POST',
    url: `/webhooks/telegram/${bot.connection.id}`,
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': telegram.webhookOf(bot.token)!.secretToken!,
    },
    payload: JSON.stringify(textUpdate({ updateId: nextUpdate++, chatId, text })),
  });
  expect(response.statusCode).toBe(200);
  await doppel.ctx.jobs.runDue({ userId: bot.user.userId });
}

const sentTo = (token: string, chatId: number) =>
  telegram.sent(token).filter((message) => String(message.chat_id) === String(chatId));

describe('linking the user’s Telegram chat', () => {
  it('links the chat that sends the one-time code, which becomes no contact and no task', async () => {
    const bot = await userWithBot();
    expect((await statusOf(bot.user)).telegram).toEqual({
      bot: `@${bot.username}`,
      linkedAt: null,
      linkPendingUntil: null,
    });

    const created = await call(bot.user, 'POST', '/api/notifications/telegram/link');
    expect(created.statusCode, created.body).toBe(200);
    const link = created.json<TelegramLink>();
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
    expect(link.url).toBe(`https://t.me/${bot.username}?start=${link.code}`);
    expect(link.command).toBe(`/start ${link.code}`);
    expect((await statusOf(bot.user)).telegram.linkPendingUntil).toBe(link.expiresAt);

    await botReceives(bot, 4242, link.command);

    const { telegram: state } = await statusOf(bot.user);
    expect(state.linkedAt).not.toBeNull();
    expect(state.linkPendingUntil).toBeNull();
    expect(sentTo(bot.token, 4242).map((message) => message.text)).toEqual([
      'This chat is now linked to Doppel: urgent tasks will come here. Turn them on or off in Settings → Notifications.',
    ]);
    const tasks = (await call(bot.user, 'GET', '/api/tasks')).json<TaskPage>();
    expect(tasks.items).toHaveLength(0);
    expect(
      await doppel.ctx.db.select().from(contacts).where(eq(contacts.userId, bot.user.userId)),
    ).toHaveLength(0);

    // The code is spent: sending it again links nothing more.
    await botReceives(bot, 5151, link.command);
    expect(sentTo(bot.token, 5151).map((message) => message.text)).toEqual([
      'This link code is not valid or has expired. Create a new one in Doppel under Settings → Notifications.',
    ]);
  });

  it('refuses a wrong or expired code, and says so in the user’s language', async () => {
    const bot = await userWithBot();
    await call(bot.user, 'PATCH', '/api/settings', { language: 'fr' });
    const link = (await call(bot.user, 'POST', '/api/notifications/telegram/link')).json<TelegramLink>();

    await botReceives(bot, 777, '/start notTheCode123');
    clock.advance(16 * 60 * 1000);
    await botReceives(bot, 777, link.command);

    expect((await statusOf(await signInAgain(bot.user))).telegram.linkedAt).toBeNull();
    expect(sentTo(bot.token, 777).map((message) => message.text)).toEqual([
      'Ce code de liaison n’est pas valide ou a expiré. Créez-en un nouveau dans Doppel, sous Paramètres → Notifications.',
      'Ce code de liaison n’est pas valide ou a expiré. Créez-en un nouveau dans Doppel, sous Paramètres → Notifications.',
    ]);
  });

  it('needs a connected Telegram bot', async () => {
    const user = await signedInUser(doppel);
    expect((await statusOf(user)).telegram.bot).toBeNull();
    const refused = await call(user, 'POST', '/api/notifications/telegram/link');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('telegram_bot_required');
  });
});

describe('urgent tasks in Telegram', () => {
  async function linkedUser() {
    const bot = await userWithBot();
    const link = (await call(bot.user, 'POST', '/api/notifications/telegram/link')).json<TelegramLink>();
    await botReceives(bot, 9001, link.command);
    await call(bot.user, 'PATCH', '/api/settings', { notifications: { telegram: true } });
    return bot;
  }

  it('sends each new urgent task to the linked chat once', async () => {
    const bot = await linkedUser();
    await createTask(bot.user, 'Send the contract to Marta', 'low');
    const task = await createTask(bot.user, 'Call Marta about the contract today', 'high');

    await announceUrgentTasks(doppel.ctx);
    await announceUrgentTasks(doppel.ctx);

    const announcements = sentTo(bot.token, 9001).slice(1);
    expect(announcements.map((message) => message.text)).toEqual([
      `🔴 Urgent task: Call Marta about the contract today\nhttp://doppel.test/actions?task=${task.id}`,
    ]);
  });

  it('tries again after a failed send, and sends nothing once unlinked', async () => {
    const bot = await linkedUser();
    telegram.failNext('sendMessage', 500);
    const task = await createTask(bot.user, 'Reply to the Acme RFP', 'high');
    await announceUrgentTasks(doppel.ctx);
    expect(sentTo(bot.token, 9001).slice(1)).toHaveLength(0);

    // Soon after, the failed claim still waits; later it is tried again and goes out.
    await announceUrgentTasks(doppel.ctx);
    expect(sentTo(bot.token, 9001).slice(1)).toHaveLength(0);
    clock.advance(6 * 60 * 1000);
    await announceUrgentTasks(doppel.ctx);
    expect(
      sentTo(bot.token, 9001)
        .slice(1)
        .map((message) => message.text),
    ).toEqual([`🔴 Urgent task: Reply to the Acme RFP\nhttp://doppel.test/actions?task=${task.id}`]);

    const unlinked = await call(bot.user, 'DELETE', '/api/notifications/telegram/link');
    expect(unlinked.statusCode).toBe(200);
    expect((await statusOf(bot.user)).telegram.linkedAt).toBeNull();
    await createTask(bot.user, 'Urgent after unlinking', 'high');
    await announceUrgentTasks(doppel.ctx);
    expect(sentTo(bot.token, 9001).slice(1)).toHaveLength(1);
  });
});
