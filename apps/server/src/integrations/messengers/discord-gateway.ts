import type * as DiscordJs from 'discord.js';
import type { Client, Message } from 'discord.js';
import type { Credentials, InboundMessage } from './messenger-adapter';

/*
 * Discord's gateway (issue 19): the bot's WebSocket connection, through discord.js, over which
 * Discord delivers the messages of the bot's direct messages and of the channels of the servers
 * it is in — what interactions (slash commands, discord.ts) cannot. Reading other people's
 * messages needs the privileged Message Content intent, turned on in the Developer Portal (Bot →
 * Privileged Gateway Intents); without it Discord closes the connection (4014).
 *
 * discord.js takes the better part of a second to load: it is loaded when the first bot
 * connects, not when the server starts (docs/decisions/030).
 */

let library: Promise<typeof DiscordJs> | undefined;
const discordJs = () => (library ??= import('discord.js'));

/** How long a stop waits for a connection still logging in before it tears it down. */
const STOP_WAIT_MS = 5_000;

/** Close codes after which Discord will not take the bot back as it is. */
const FATAL_CLOSES: Record<number, string> = {
  4004: 'token refused',
  4010: 'invalid shard',
  4011: 'sharding required',
  4012: 'invalid API version',
  4013: 'invalid intents',
  4014: 'Message Content intent not enabled',
};

/**
 * discord.js's REST options from our base URL, which carries the version as Discord's does
 * (https://discord.com/api/v10): discord.js adds `/v<version>` itself.
 */
export function discordRestOptions(baseUrl: string): { api: string; version: string } {
  const base = baseUrl.replace(/\/+$/, '');
  const versioned = /^(.*)\/v(\d+)$/.exec(base);
  return versioned ? { api: versioned[1]!, version: versioned[2]! } : { api: base, version: '10' };
}

export interface DiscordGatewayHandlers {
  /** A person's message in a direct message or in a channel of the connection's server. */
  onMessage(message: InboundMessage): void;
  /** The connection ended for good (a refused token, a missing intent); a reason for the log. */
  onEnded(reason: string): void;
  /** Something to note in the log; never carries the token. */
  onProblem(reason: string): void;
}

export interface DiscordGateway {
  /** Resolves once Discord accepted the bot (READY); rejects when it could not connect. */
  ready: Promise<void>;
  /** Closes the connection and ends the session (Discord may not resume it). */
  stop(): Promise<void>;
}

/** A reason for the log, from an error of discord.js: its name and message, no token. */
export function discordProblem(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code =
    'code' in error && (typeof error.code === 'string' || typeof error.code === 'number')
      ? ` (${error.code})`
      : '';
  return `${error.name}: ${error.message}${code}`;
}

function senderNameOf(message: Message): string {
  const name = message.member?.displayName ?? message.author.globalName ?? message.author.username;
  return name?.trim() ? name : message.author.id;
}

/**
 * Connects the bot to the gateway whose address Discord's REST API at `baseUrl` gives
 * (GET /gateway/bot): discord.js keeps the connection up (heartbeats, resumes). Messages by
 * people — not by this bot or another, not system notices — in a direct message or in a channel
 * of the server `guild_id` names reach `onMessage`; other servers' are not read.
 */
export function openDiscordGateway(
  baseUrl: string,
  credentials: Credentials,
  handlers: DiscordGatewayHandlers,
): DiscordGateway {
  const guildId = credentials.guild_id?.trim() ?? '';
  let client: Client | undefined;
  let stopped = false;
  let ended = false;
  const end = (reason: string) => {
    if (ended || stopped) return;
    ended = true;
    handlers.onEnded(reason);
  };

  async function connect(): Promise<void> {
    const { Client, Events, GatewayIntentBits, Partials } = await discordJs();
    if (stopped) return;
    const bot = new Client({
      // Servers and their channels, their messages, direct messages, and the text of them all.
      intents: [
        GatewayIntentBits.Guilds,
        GatewayIntentBits.GuildMessages,
        GatewayIntentBits.DirectMessages,
        GatewayIntentBits.MessageContent,
      ],
      // A direct message's channel is in no cache until its first message.
      partials: [Partials.Channel],
      rest: discordRestOptions(baseUrl),
    });
    client = bot;
    bot.on(Events.MessageCreate, (message) => {
      if (message.author.bot || message.author.id === bot.user?.id) return;
      if (message.system || message.webhookId) return;
      if (message.guildId !== null && message.guildId !== guildId) return;
      // Empty: an attachment alone, or a server message Discord withheld the text of.
      if (message.content.trim() === '') return;
      handlers.onMessage({
        eventId: message.id,
        handle: message.channelId,
        senderName: senderNameOf(message),
        text: message.content,
        sentAt: message.createdAt,
      });
    });
    bot.on(Events.ShardDisconnect, (event) => {
      end(
        FATAL_CLOSES[event.code] ? `${FATAL_CLOSES[event.code]} (${event.code})` : `closed (${event.code})`,
      );
    });
    // Without listeners an emitted 'error' would throw.
    bot.on(Events.Error, (error) => handlers.onProblem(discordProblem(error)));
    bot.on(Events.ShardError, (error) => handlers.onProblem(discordProblem(error)));
    try {
      await bot.login(credentials.bot_token ?? '');
    } catch (error) {
      ended = true;
      throw error;
    }
    // Stopped while logging in: the session that just opened is closed at once.
    if (stopped) await bot.destroy();
  }

  const ready = connect();
  // The caller may never wait on it; a failure is reported through `ready` when it does.
  ready.catch(() => undefined);

  return {
    ready,
    async stop() {
      stopped = true;
      await Promise.race([
        ready.catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
      await client?.destroy();
    },
  };
}
