import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/**
 * A fake Discord gateway (v10, JSON, no compression) on the fake REST server's port, speaking the
 * real protocol (https://discord.com/developers/docs/events/gateway): HELLO, IDENTIFY → READY and
 * one GUILD_CREATE per guild of the bot, heartbeats acknowledged, RECONNECT and RESUME with the
 * missed events replayed, INVALID_SESSION for a session it does not know, and the close codes of
 * a refused token (4004) or of a privileged intent the application was not granted (4014).
 * Tests push MESSAGE_CREATE dispatches and count the sessions identified per token.
 */

const Op = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  reconnect: 7,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;

/** GatewayIntentBits.MessageContent: privileged, granted in the Developer Portal. */
export const MESSAGE_CONTENT_INTENT = 1 << 15;

export interface GatewayBot {
  id: string;
  username: string;
  guilds: string[];
  /** Text channels per guild id; each guild has one (`<guild id>01`) unless told. */
  channels?: Record<string, string[]>;
  /** Whether the Developer Portal grants the Message Content intent (true unless told). */
  messageContent?: boolean;
}

export interface GatewayIdentify {
  token: string;
  intents: number;
  at: number;
}

export interface GatewayMessage {
  channelId: string;
  /** Absent for a direct message. */
  guildId?: string;
  author: { id: string; username: string; globalName?: string; bot?: boolean };
  content: string;
  /** The message's snowflake; a fresh one unless given (to deliver one message twice). */
  id?: string;
}

interface Session {
  id: string;
  token: string;
  bot: GatewayBot;
  seq: number;
  /** Every dispatch sent, for a RESUME to replay what the client missed. */
  sent: Array<{ s: number; t: string; d: unknown }>;
  socket: WebSocket | null;
}

export interface FakeDiscordGateway {
  /** IDENTIFY payloads accepted or refused, in order. */
  identifies: GatewayIdentify[];
  /** RESUMEs accepted, per token. */
  resumes(token: string): number;
  /** Sessions of this token with an open socket now. */
  liveSessions(token: string): number;
  /** The most sessions of this token open at once so far. */
  mostLiveSessions(token: string): number;
  /** Resolves once the token has exactly `count` open sessions. */
  waitForLiveSessions(token: string, count: number, timeoutMs?: number): Promise<void>;
  /**
   * MESSAGE_CREATE to every open session of the bot; a session whose socket dropped keeps it for
   * its RESUME. Returns the message id.
   */
  sendMessage(token: string, message: GatewayMessage): string;
  /** Op 7 to the bot's open sessions: Discord asks them to reconnect and resume. */
  requestReconnect(token: string): void;
  /** Handles an HTTP upgrade on the fake's server. */
  upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

function textOf(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return (Buffer.isBuffer(raw) ? raw : Buffer.from(new Uint8Array(raw))).toString('utf8');
}

/** A snowflake whose timestamp is now (discord.js reads a message's time from its id). */
export function snowflakeNow(sequence: number): string {
  const discordEpoch = 1_420_070_400_000n;
  return (((BigInt(Date.now()) - discordEpoch) << 22n) | BigInt(sequence % 4096)).toString();
}

export function createFakeDiscordGateway(options: {
  /** The bot a token belongs to, if any. */
  botFor(token: string): GatewayBot | undefined;
  /** ws://127.0.0.1:<port>, also the resume URL. */
  url(): string;
  heartbeatIntervalMs?: number;
}): FakeDiscordGateway {
  const server = new WebSocketServer({ noServer: true });
  const sessions = new Map<string, Session>();
  const identifies: GatewayIdentify[] = [];
  const resumes = new Map<string, number>();
  const most = new Map<string, number>();
  let sequence = 0;

  const live = (token: string) =>
    [...sessions.values()].filter((session) => session.token === token && session.socket !== null).length;

  function noteLive(token: string) {
    most.set(token, Math.max(most.get(token) ?? 0, live(token)));
  }

  function send(socket: WebSocket, payload: Record<string, unknown>) {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload));
  }

  function dispatch(session: Session, t: string, d: unknown) {
    session.seq += 1;
    session.sent.push({ s: session.seq, t, d });
    if (session.socket) send(session.socket, { op: Op.dispatch, t, s: session.seq, d });
  }

  const channelsOf = (bot: GatewayBot, guildId: string) => bot.channels?.[guildId] ?? [`${guildId}01`];

  function guildCreate(bot: GatewayBot, guildId: string) {
    return {
      id: guildId,
      name: `Guild ${guildId}`,
      icon: null,
      owner_id: '1',
      unavailable: false,
      large: false,
      member_count: 2,
      joined_at: new Date().toISOString(),
      features: [],
      roles: [
        {
          id: guildId,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions: '1024',
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      members: [],
      presences: [],
      voice_states: [],
      threads: [],
      stage_instances: [],
      guild_scheduled_events: [],
      channels: channelsOf(bot, guildId).map((id, position) => ({
        id,
        type: 0,
        guild_id: guildId,
        name: `channel-${position}`,
        position,
        permission_overwrites: [],
        nsfw: false,
        parent_id: null,
        topic: null,
        last_message_id: null,
        rate_limit_per_user: 0,
      })),
    };
  }

  function identify(socket: WebSocket, d: Record<string, unknown>) {
    const token = typeof d.token === 'string' ? d.token : '';
    const intents = typeof d.intents === 'number' ? d.intents : 0;
    identifies.push({ token, intents, at: Date.now() });
    const bot = options.botFor(token);
    if (!bot) {
      socket.close(4004, 'Authentication failed.');
      return;
    }
    if ((intents & MESSAGE_CONTENT_INTENT) !== 0 && bot.messageContent === false) {
      socket.close(4014, 'Disallowed intent(s).');
      return;
    }
    const session: Session = { id: randomUUID().replaceAll('-', ''), token, bot, seq: 0, sent: [], socket };
    sessions.set(session.id, session);
    attach(socket, session);
    dispatch(session, 'READY', {
      v: 10,
      user: {
        id: bot.id,
        username: bot.username,
        discriminator: '0',
        global_name: null,
        avatar: null,
        bot: true,
        verified: true,
        flags: 0,
      },
      guilds: bot.guilds.map((id) => ({ id, unavailable: true })),
      private_channels: [],
      relationships: [],
      presences: [],
      session_type: 'normal',
      session_id: session.id,
      resume_gateway_url: options.url(),
      shard: [0, 1],
      application: { id: bot.id, flags: 0 },
      _trace: ['["fake-discord-gateway",{}]'],
    });
    for (const guildId of bot.guilds) dispatch(session, 'GUILD_CREATE', guildCreate(bot, guildId));
  }

  function resume(socket: WebSocket, d: Record<string, unknown>) {
    const session = typeof d.session_id === 'string' ? sessions.get(d.session_id) : undefined;
    if (!session || session.token !== d.token) {
      send(socket, { op: Op.invalidSession, d: false });
      return;
    }
    // The old socket's close may not have come through yet: the session moves to the new one.
    const previous = session.socket;
    session.socket = null;
    previous?.terminate();
    resumes.set(session.token, (resumes.get(session.token) ?? 0) + 1);
    attach(socket, session);
    const after = typeof d.seq === 'number' ? d.seq : 0;
    for (const missed of session.sent.filter((event) => event.s > after)) {
      send(socket, { op: Op.dispatch, t: missed.t, s: missed.s, d: missed.d });
    }
    dispatch(session, 'RESUMED', null);
  }

  function attach(socket: WebSocket, session: Session) {
    session.socket = socket;
    noteLive(session.token);
    socket.once('close', (code) => {
      if (session.socket === socket) session.socket = null;
      // A client that closes with 1000 or 1001 ends its session; any other code may resume it.
      if (code === 1000 || code === 1001) sessions.delete(session.id);
    });
  }

  server.on('connection', (socket: WebSocket) => {
    send(socket, { op: Op.hello, d: { heartbeat_interval: options.heartbeatIntervalMs ?? 41_250 } });
    let identified = false;
    socket.on('message', (raw: RawData) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        payload = JSON.parse(textOf(raw)) as { op?: unknown; d?: unknown };
      } catch {
        socket.close(4002, 'Error while decoding payload.');
        return;
      }
      const d = (payload.d ?? {}) as Record<string, unknown>;
      switch (payload.op) {
        case Op.heartbeat:
          send(socket, { op: Op.heartbeatAck });
          return;
        case Op.identify:
        case Op.resume:
          if (identified) {
            socket.close(4005, 'Already authenticated.');
            return;
          }
          identified = true;
          if (payload.op === Op.identify) identify(socket, d);
          else resume(socket, d);
          return;
        default:
          if (!identified) socket.close(4003, 'Not authenticated.');
      }
    });
  });

  return {
    identifies,
    resumes: (token) => resumes.get(token) ?? 0,
    liveSessions: live,
    mostLiveSessions: (token) => most.get(token) ?? 0,
    async waitForLiveSessions(token, count, timeoutMs = 15_000) {
      const started = Date.now();
      while (live(token) !== count) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(`expected ${count} gateway sessions, found ${live(token)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    sendMessage(token, message) {
      const id = message.id ?? snowflakeNow(++sequence);
      for (const session of sessions.values()) {
        if (session.token !== token) continue;
        const author = {
          id: message.author.id,
          username: message.author.username,
          global_name: message.author.globalName ?? null,
          discriminator: '0',
          avatar: null,
          ...(message.author.bot ? { bot: true } : {}),
        };
        dispatch(session, 'MESSAGE_CREATE', {
          id,
          type: 0,
          channel_id: message.channelId,
          // Discord names the channel's type: a direct message's channel is not in any cache.
          channel_type: message.guildId ? 0 : 1,
          ...(message.guildId
            ? {
                guild_id: message.guildId,
                member: {
                  roles: [],
                  joined_at: new Date().toISOString(),
                  deaf: false,
                  mute: false,
                  flags: 0,
                },
              }
            : {}),
          author,
          content: message.content,
          timestamp: new Date().toISOString(),
          edited_timestamp: null,
          tts: false,
          mention_everyone: false,
          mentions: [],
          mention_roles: [],
          attachments: [],
          embeds: [],
          pinned: false,
          flags: 0,
          components: [],
        });
      }
      return id;
    },
    requestReconnect(token) {
      for (const session of sessions.values()) {
        if (session.token === token && session.socket) send(session.socket, { op: Op.reconnect, d: null });
      }
    },
    upgrade(request, socket, head) {
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}
