import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  MessengerError,
  type Credentials,
  type InboundMessage,
  type MessengerAdapter,
  type WebhookOutcome,
} from './messenger-adapter';
import { splitMessageText } from './split-text';
import { isRecord, webhookHeader } from './webhook-reading';
import { callPlatform, describePlatformError, type PlatformAnswer } from './platform-http';

/** Discord refuses longer message content. */
export const DISCORD_MESSAGE_LIMIT = 2000;

/** Interactions signed further than this from our clock are refused as replays. */
export const DISCORD_SIGNATURE_WINDOW_SECONDS = 5 * 60;

/** What the user sees (only them: flags 64, ephemeral) right after a slash command. */
export const DISCORD_ACK_TEXT = 'Received — your twin will answer shortly.';

/** Discord asks bots to name themselves this way; requests without it may be refused. */
const USER_AGENT = 'DiscordBot (https://github.com/doppel, 0.1.0)';

// An Ed25519 SubjectPublicKeyInfo is this DER prefix followed by the raw 32-byte key.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const InteractionType = { ping: 1, applicationCommand: 2, component: 3, autocomplete: 4, modalSubmit: 5 };

function publicKeyFrom(hex: string | undefined): KeyObject | null {
  if (!hex || !/^[0-9a-f]{64}$/i.test(hex.trim())) return null;
  try {
    return createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex.trim(), 'hex')]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return null;
  }
}

/** Cuts a text into pieces Discord accepts (split-text.ts). */
export function splitDiscordMessage(text: string, limit = DISCORD_MESSAGE_LIMIT): string[] {
  return splitMessageText(text, limit);
}

/** The string values of a command's options, subcommands' options included, in order. */
function optionText(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  const values: string[] = [];
  for (const option of options) {
    if (!isRecord(option)) continue;
    if (typeof option.value === 'string') values.push(option.value);
    values.push(...optionText(option.options));
  }
  return values;
}

function senderNameOf(interaction: Record<string, unknown>): string | null {
  const member = isRecord(interaction.member) ? interaction.member : null;
  const user = isRecord(member?.user) ? member.user : isRecord(interaction.user) ? interaction.user : null;
  if (!user) return null;
  for (const candidate of [user.global_name, user.username, user.id]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  return null;
}

/** Discord's REST API (https://discord.com/developers/docs/reference) with a bot token. */
export function createDiscordAdapter(
  baseUrl: string,
  options: { retry?: RetryPolicy } = {},
): MessengerAdapter {
  const base = baseUrl.replace(/\/+$/, '');

  function call(
    credentials: Credentials,
    path: string,
    action: string,
    json?: Record<string, unknown>,
  ): Promise<PlatformAnswer> {
    return callPlatform({
      platform: 'discord',
      url: `${base}${path}`,
      method: json === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bot ${credentials.bot_token ?? ''}`, 'user-agent': USER_AGENT },
      json,
      action,
      retry: options.retry,
      sends: json !== undefined && path.endsWith('/messages'),
    });
  }

  /** Discord's own short reason ({ message, code }), else the HTTP status. */
  function failure(answer: PlatformAnswer, what: string): MessengerError {
    if (answer.status === 401) {
      return new MessengerError('discord', 'Discord refused the bot token.', 401);
    }
    if (answer.status === 429) {
      return new MessengerError(
        'discord',
        `Discord is rate limiting the bot (${what}); try again later.`,
        429,
      );
    }
    const message = isRecord(answer.body) ? answer.body.message : undefined;
    return new MessengerError(
      'discord',
      `Discord refused ${what}: ${describePlatformError(message, `HTTP ${answer.status}`)}`,
      answer.status,
    );
  }

  return {
    platform: 'discord',

    async verify(credentials) {
      const me = await call(credentials, '/users/@me', 'checking the bot token');
      if (me.status !== 200 || !isRecord(me.body)) throw failure(me, 'the bot token');
      const username = typeof me.body.username === 'string' ? me.body.username : 'bot';

      const guildId = credentials.guild_id?.trim() ?? '';
      if (!guildId) throw new MessengerError('discord', 'The Discord connection needs a guild id.');
      const guild = await call(credentials, `/guilds/${encodeURIComponent(guildId)}`, 'checking the guild');
      if (guild.status === 401 || guild.status === 429 || guild.status >= 500) {
        throw failure(guild, 'the guild lookup');
      }
      if (guild.status !== 200) {
        throw new MessengerError(
          'discord',
          `The Discord bot is not a member of guild ${guildId}.`,
          guild.status,
        );
      }
      return { username };
    },

    async send(credentials, handle, text) {
      const path = `/channels/${encodeURIComponent(handle)}/messages`;
      let firstId: string | null = null;
      for (const content of splitDiscordMessage(text)) {
        // The twin's words must not ping @everyone or roles, whatever the text says.
        const answer = await call(credentials, path, 'sending a message', {
          content,
          allowed_mentions: { parse: [] },
        });
        if (answer.status !== 200 || !isRecord(answer.body) || typeof answer.body.id !== 'string') {
          throw failure(answer, 'the message');
        }
        firstId ??= answer.body.id;
      }
      return { externalId: firstId! };
    },

    readWebhook(context, request): WebhookOutcome {
      const signature = webhookHeader(request, 'x-signature-ed25519');
      const timestamp = webhookHeader(request, 'x-signature-timestamp');
      if (!signature || !timestamp) {
        return { kind: 'refused', status: 401, reason: 'missing Discord signature headers' };
      }
      const key = publicKeyFrom(context.credentials.public_key);
      if (!key) return { kind: 'refused', status: 401, reason: 'no valid Discord public key configured' };
      if (!/^[0-9a-f]{128}$/i.test(signature)) {
        return { kind: 'refused', status: 401, reason: 'unreadable Discord signature' };
      }
      if (!/^\d{1,12}$/.test(timestamp)) {
        return { kind: 'refused', status: 401, reason: 'unreadable Discord signature timestamp' };
      }
      const authentic = verifySignature(
        null,
        Buffer.concat([Buffer.from(timestamp, 'utf8'), request.rawBody]),
        key,
        Buffer.from(signature, 'hex'),
      );
      if (!authentic) return { kind: 'refused', status: 401, reason: 'Discord signature does not match' };
      const age = Math.abs(request.now.getTime() / 1000 - Number(timestamp));
      if (age > DISCORD_SIGNATURE_WINDOW_SECONDS) {
        return { kind: 'refused', status: 401, reason: 'stale Discord signature timestamp' };
      }

      let interaction: unknown;
      try {
        interaction = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return { kind: 'refused', status: 400, reason: 'Discord interaction is not JSON' };
      }
      if (!isRecord(interaction) || typeof interaction.type !== 'number') {
        return { kind: 'refused', status: 400, reason: 'Discord interaction has no type' };
      }

      switch (interaction.type) {
        case InteractionType.ping:
          return { kind: 'handshake', status: 200, body: { type: 1 } };
        case InteractionType.applicationCommand:
          break;
        // Nothing of Doppel's sends components, autocompletes or modals; answer without a change.
        case InteractionType.component:
        case InteractionType.modalSubmit:
          return { kind: 'accepted', messages: [], reply: { status: 200, body: { type: 6 } } };
        case InteractionType.autocomplete:
          return {
            kind: 'accepted',
            messages: [],
            reply: { status: 200, body: { type: 8, data: { choices: [] } } },
          };
        default:
          return { kind: 'refused', status: 400, reason: 'unknown Discord interaction type' };
      }

      const channel = isRecord(interaction.channel) ? interaction.channel.id : undefined;
      const handle = typeof interaction.channel_id === 'string' ? interaction.channel_id : channel;
      const senderName = senderNameOf(interaction);
      if (typeof interaction.id !== 'string' || typeof handle !== 'string' || !senderName) {
        return { kind: 'refused', status: 400, reason: 'Discord command without id, channel or user' };
      }
      const text = optionText(isRecord(interaction.data) ? interaction.data.options : undefined)
        .join(' ')
        .trim();
      const messages: InboundMessage[] = text
        ? [{ eventId: interaction.id, handle, senderName, text, sentAt: request.now }]
        : [];
      return {
        kind: 'accepted',
        messages,
        reply: {
          status: 200,
          body: {
            type: 4,
            data: {
              content: text
                ? DISCORD_ACK_TEXT
                : 'Add your question after the command, e.g. /ask How are you?',
              flags: 64,
            },
          },
        },
      };
    },
  };
}
