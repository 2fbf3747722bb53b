import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessengerConnection, TaskPage } from '@doppel/contracts';
import { and, communicationHistory, eq, gatewayLeases, inboundEvents } from '@doppel/db';
import { buildApp, type DoppelApp } from '../../app';
import {
  discordSigner,
  startFakeDiscord,
  type FakeDiscord,
} from '../../test-support/fake-messengers/discord';
import type { GatewayMessage } from '../../test-support/fake-messengers/discord-gateway';
import { ManualClock, signedInUser, testConfig, testDatabase } from '../../test-support/test-app';
import { createDiscordGateways } from './discord-gateways';

/*
 * Discord's gateway (issue 19): a connected bot's direct messages and its server's channel
 * messages become tasks through a real discord.js connection to a fake gateway on 127.0.0.1, and
 * a cluster keeps exactly one gateway session per bot.
 */

type User = Awaited<ReturnType<typeof signedInUser>>;

const GUILD = '4242';
const OTHER_GUILD = '5353';
const CHANNEL = '424201';
const OTHER_CHANNEL = '535301';
/** Guilds | GuildMessages | DirectMessages | MessageContent. */
const INTENTS = 1 | (1 << 9) | (1 << 12) | (1 << 15);

const clock = new ManualClock();
const signer = discordSigner();
const logLines: string[] = [];
const tokens: string[] = [];
let doppel: DoppelApp;
let discord: FakeDiscord;
let botNumber = 0;

beforeAll(async () => {
  discord = await startFakeDiscord();
  // Every log line the server writes is kept, to check no bot token ever reaches one.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const config = testConfig();
  doppel = await buildApp({
    config: testConfig({ messengerApiUrls: { ...config.messengerApiUrls, discord: discord.baseUrl } }),
    database: await testDatabase(),
    clock,
    logger: { level: 'trace', stream: sink },
  });
  await doppel.app.ready();
});

afterAll(async () => {
  await doppel?.app.close();
  await discord?.close();
  const logged = logLines.join('');
  for (const token of tokens) expect(logged).not.toContain(token);
});

const auth = (user: User) => ({ authorization: `Bearer ${user.accessToken}` });
const call = (user: User, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
  doppel.app.inject({ method, url, payload, headers: auth(user) });

/** A new bot on the fake (in both guilds) and a user who connected it; each test has its own. */
async function connectedBot(options: { messageContent?: boolean } = {}) {
  const token = `discord-gateway-secret-token-${++botNumber}-${Date.now()}`;
  tokens.push(token);
  const botId = `99000000${botNumber}`;
  discord.addBot(token, {
    id: botId,
    username: `DoppelBot${botNumber}`,
    guilds: [GUILD, OTHER_GUILD],
    channels: { [GUILD]: [CHANNEL], [OTHER_GUILD]: [OTHER_CHANNEL] },
    messageContent: options.messageContent,
  });
  const user = await signedInUser(doppel);
  const response = await call(user, 'POST', '/api/messengers', {
    platform: 'discord',
    credentials: { bot_token: token, guild_id: GUILD, public_key: signer.publicKeyHex },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { token, botId, user, connection: response.json<MessengerConnection>() };
}

async function tasksOf(user: User) {
  return (await call(user, 'GET', '/api/tasks')).json<TaskPage>().items;
}

/** Runs the user's jobs until the messages with these Discord ids are in their history. */
async function untilTakenIn(user: User, ids: string[], timeoutMs = 15_000) {
  const started = Date.now();
  for (;;) {
    while ((await doppel.ctx.jobs.runDue({ userId: user.userId })) > 0) {
      // a job's events queue more jobs
    }
    const found = await Promise.all(ids.map((id) => historyOf(user, id)));
    if (found.every((entries) => entries.length > 0)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`Discord messages not taken in: ${ids.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The user's history entries of one Discord message. */
function historyOf(user: User, messageId: string) {
  return doppel.ctx.db
    .select()
    .from(communicationHistory)
    .where(and(eq(communicationHistory.userId, user.userId), eq(communicationHistory.externalId, messageId)));
}

async function holderOf(connectionId: string) {
  const [row] = await doppel.ctx.db
    .select({ holder: gatewayLeases.holder })
    .from(gatewayLeases)
    .where(eq(gatewayLeases.connectionId, connectionId));
  return row?.holder ?? null;
}

const person = (id: string, name: string): GatewayMessage['author'] => ({
  id,
  username: name.toLowerCase(),
  globalName: name,
});

describe('Discord gateway', () => {
  it('takes in direct messages and the server’s channel messages, once each; bots and other servers are not read', async () => {
    const { token, botId, user } = await connectedBot();
    const gateways = createDiscordGateways(doppel.ctx);
    try {
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      expect(discord.gateway.identifies.filter((identify) => identify.token === token)).toEqual([
        expect.objectContaining({ intents: INTENTS }),
      ]);

      const dm = discord.gateway.sendMessage(token, {
        channelId: '7000001',
        author: person('8001', 'Nina'),
        content: 'Can we move the call to Friday?',
      });
      const inChannel = discord.gateway.sendMessage(token, {
        channelId: CHANNEL,
        guildId: GUILD,
        author: person('8002', 'Omar'),
        content: 'Is the API rate limited?',
      });
      const ignored = [
        // Another bot, and this bot's own message.
        discord.gateway.sendMessage(token, {
          channelId: CHANNEL,
          guildId: GUILD,
          author: { id: '8003', username: 'otherbot', bot: true },
          content: 'Beep.',
        }),
        discord.gateway.sendMessage(token, {
          channelId: '7000001',
          author: { id: botId, username: 'DoppelBot', bot: true },
          content: 'Thanks, noted.',
        }),
        // A server the connection is not for.
        discord.gateway.sendMessage(token, {
          channelId: OTHER_CHANNEL,
          guildId: OTHER_GUILD,
          author: person('8004', 'Pia'),
          content: 'Anyone here?',
        }),
      ];
      // The direct message again (Discord delivers a message twice after a resume).
      discord.gateway.sendMessage(token, {
        id: dm,
        channelId: '7000001',
        author: person('8001', 'Nina'),
        content: 'Can we move the call to Friday?',
      });
      // Messages are read in order: once this one is in, the ones before it were read.
      const last = discord.gateway.sendMessage(token, {
        channelId: '7000002',
        author: person('8005', 'Rae'),
        content: 'Last one.',
      });
      await untilTakenIn(user, [dm, inChannel, last]);

      const tasks = await tasksOf(user);
      expect(tasks).toHaveLength(3);
      expect(
        tasks
          .map((task) => ({
            name: task.contact?.name,
            source: task.contact?.source,
            message: task.context.lastMessage,
          }))
          .sort((a, b) => String(a.name).localeCompare(String(b.name))),
      ).toEqual([
        { name: 'Nina', source: 'discord', message: 'Can we move the call to Friday?' },
        { name: 'Omar', source: 'discord', message: 'Is the API rate limited?' },
        { name: 'Rae', source: 'discord', message: 'Last one.' },
      ]);
      expect(await historyOf(user, dm)).toHaveLength(1);
      for (const id of ignored) expect(await historyOf(user, id)).toHaveLength(0);

      // A reply goes back to the channel the message came from.
      const nina = tasks.find((task) => task.contact?.name === 'Nina')!;
      const sent = await call(user, 'POST', `/api/tasks/${nina.id}/send`, {
        text: 'Friday works.',
        kind: 'custom',
      });
      expect(sent.json().delivery.status).toBe('sent');
      expect(discord.messages('7000001').at(-1)?.content).toBe('Friday works.');
      expect(discord.gateway.mostLiveSessions(token)).toBe(1);
    } finally {
      await gateways.stop();
    }
    await discord.gateway.waitForLiveSessions(token, 0);
  });

  it('reads nothing while reading is off, and lets go of a disconnected bot', async () => {
    const { token, user, connection } = await connectedBot();
    const gateways = createDiscordGateways(doppel.ctx);
    try {
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 1);

      // Reading turned off: a message that arrives before the next round is not taken in…
      const off = await call(user, 'PATCH', `/api/messengers/${connection.id}`, {
        permissions: ['send_messages'],
      });
      expect(off.statusCode, off.body).toBe(200);
      const unread = discord.gateway.sendMessage(token, {
        channelId: '7100001',
        author: person('8101', 'Ivy'),
        content: 'Hello?',
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await doppel.ctx.jobs.runDue({ userId: user.userId });
      expect(await historyOf(user, unread)).toHaveLength(0);
      // …and the round closes the gateway and leaves the bot.
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 0);
      expect(await holderOf(connection.id)).toBeNull();

      // On again: connected again, and messages come in.
      await call(user, 'PATCH', `/api/messengers/${connection.id}`, {
        permissions: ['read_messages', 'send_messages'],
      });
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      const read = discord.gateway.sendMessage(token, {
        channelId: '7100001',
        author: person('8101', 'Ivy'),
        content: 'Hello again?',
      });
      await untilTakenIn(user, [read]);

      // Disconnected: the next round closes the gateway.
      expect((await call(user, 'DELETE', `/api/messengers/${connection.id}`)).statusCode).toBe(200);
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 0);
      expect(discord.gateway.mostLiveSessions(token)).toBe(1);
    } finally {
      await gateways.stop();
    }
  });

  it('resumes when Discord asks it to reconnect, and gets the messages sent meanwhile', async () => {
    const { token, user } = await connectedBot();
    const gateways = createDiscordGateways(doppel.ctx);
    try {
      await gateways.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      // Once a message came through, the session is ready (a reconnect asked earlier, before
      // the client read READY, has no session to resume).
      const before = discord.gateway.sendMessage(token, {
        channelId: '7200001',
        author: person('8201', 'Lena'),
        content: 'Are you there?',
      });
      await untilTakenIn(user, [before]);
      discord.gateway.requestReconnect(token);
      const meanwhile = discord.gateway.sendMessage(token, {
        channelId: '7200001',
        author: person('8201', 'Lena'),
        content: 'Sent while you were reconnecting.',
      });
      await untilTakenIn(user, [meanwhile]);
      for (let waited = 0; discord.gateway.resumes(token) === 0; waited += 20) {
        if (waited > 10_000) {
          const identified = discord.gateway.identifies.filter((identify) => identify.token === token).length;
          throw new Error(`The gateway did not resume (${identified} IDENTIFY).`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await discord.gateway.waitForLiveSessions(token, 1);
      expect(discord.gateway.identifies.filter((identify) => identify.token === token)).toHaveLength(1);
      expect(await historyOf(user, meanwhile)).toHaveLength(1);
    } finally {
      await gateways.stop();
    }
  });

  it('does not hammer Discord when it refuses the bot: a missing Message Content intent is tried again later', async () => {
    const { token } = await connectedBot({ messageContent: false });
    const gateways = createDiscordGateways(doppel.ctx);
    const identifies = () => discord.gateway.identifies.filter((identify) => identify.token === token).length;
    try {
      await gateways.round();
      for (let waited = 0; identifies() === 0; waited += 20) {
        if (waited > 10_000) throw new Error('The gateway did not identify.');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Refused (4014): the next rounds leave it…
      await new Promise((resolve) => setTimeout(resolve, 300));
      await gateways.round();
      await gateways.round();
      expect(identifies()).toBe(1);
      expect(discord.gateway.liveSessions(token)).toBe(0);
      // …until its back-off ran out.
      clock.advance(16_000);
      await gateways.round();
      for (let waited = 0; identifies() < 2; waited += 20) {
        if (waited > 10_000) throw new Error('The gateway was not tried again.');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await gateways.stop();
    }
  });

  it('keeps one session per bot across a cluster; another process takes over on a clean stop or a lapsed lease', async () => {
    const { token, user, connection } = await connectedBot();
    // Three processes' gateways on one database. The second's rounds will stall: its lease is
    // short, so its own fence lets go of the gateway before the lease runs out.
    const first = createDiscordGateways(doppel.ctx);
    const second = createDiscordGateways(doppel.ctx, { leaseMs: 3_000 });
    const third = createDiscordGateways(doppel.ctx);
    const message = (content: string, id?: string) =>
      discord.gateway.sendMessage(token, {
        id,
        channelId: '7300001',
        author: person('8301', 'Theo'),
        content,
      });
    try {
      await first.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      const firstHolder = await holderOf(connection.id);
      expect(firstHolder).not.toBeNull();
      await second.round();
      await third.round();
      expect(await holderOf(connection.id)).toBe(firstHolder);
      expect(discord.gateway.liveSessions(token)).toBe(1);
      const early = message('Pilot next week?');
      await untilTakenIn(user, [early]);

      // The first stops (a deploy): it closes its session and leaves the bot at once.
      await first.stop();
      await discord.gateway.waitForLiveSessions(token, 0);
      expect(await holderOf(connection.id)).toBeNull();
      await second.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      const secondHolder = await holderOf(connection.id);
      expect([null, firstHolder]).not.toContain(secondHolder);

      // The second's rounds stall: its fence closes the session before its lease runs out, and
      // while the lease holds nobody else connects.
      await discord.gateway.waitForLiveSessions(token, 0, 5_000);
      await third.round();
      expect(await holderOf(connection.id)).toBe(secondHolder);
      expect(discord.gateway.liveSessions(token)).toBe(0);
      // Once it ran out the third takes the bot over; the second, back, leaves it to the third.
      clock.advance(3_001);
      await third.round();
      await discord.gateway.waitForLiveSessions(token, 1);
      const thirdHolder = await holderOf(connection.id);
      expect([null, firstHolder, secondHolder]).not.toContain(thirdHolder);
      await second.round();
      expect(await holderOf(connection.id)).toBe(thirdHolder);
      expect(discord.gateway.liveSessions(token)).toBe(1);

      // Discord delivers the first message again to the new session: it is taken in once.
      expect(message('Pilot next week?', early)).toBe(early);
      const late = message('Contract draft?');
      await untilTakenIn(user, [late]);
      expect(await historyOf(user, early)).toHaveLength(1);
      const events = await doppel.ctx.db
        .select()
        .from(inboundEvents)
        .where(and(eq(inboundEvents.connectionId, connection.id), eq(inboundEvents.eventId, early)));
      expect(events).toHaveLength(1);
      expect(discord.gateway.identifies.filter((identify) => identify.token === token)).toHaveLength(3);
      expect(discord.gateway.mostLiveSessions(token)).toBe(1);
    } finally {
      await Promise.all([first.stop(), second.stop(), third.stop()]);
    }
    await discord.gateway.waitForLiveSessions(token, 0);
    expect(await holderOf(connection.id)).toBeNull();
  });
});
