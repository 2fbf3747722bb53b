import { createHmac } from 'node:crypto';
import type { RetryPolicy } from '../../lib/retrying-fetch';
import {
  MessengerError,
  type Credentials,
  type InboundMessage,
  type MessengerAdapter,
  type WebhookContext,
  type WebhookOutcome,
  type WebhookRequest,
} from './messenger-adapter';
import { isRecord, nonEmpty, sameText, webhookHeader } from './webhook-reading';
import { callPlatform, describePlatformError, type PlatformAnswer } from './platform-http';
import { splitMessageText } from './split-text';

/*
 * WhatsApp Cloud API on Meta's Graph API (https://developers.facebook.com/docs/whatsapp/cloud-api):
 * `${baseUrl}/<phone_number_id>…` with the access token as a Bearer header; errors come as
 * `{ error: { message, type, code } }` with a 4xx/5xx status. Meta cannot be told a webhook by
 * API call here: the user pastes Doppel's URL and the verify token into the Meta console, Meta
 * checks them with a GET handshake, then POSTs events signed with the app secret.
 */

/** The Cloud API refuses longer text bodies. */
export const WHATSAPP_MAX_TEXT = 4096;

const SIGNATURE_HEADER = 'x-hub-signature-256';
/** Phone-number ids are numeric; anything else could bend the URL path it is put into. */
const PHONE_NUMBER_ID_PATTERN = /^\d{1,30}$/;
/** A Bearer token fits in one header line; whitespace or control characters would break it. */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;
/** Meta's challenges are short numbers; a long one is not worth echoing. */
const MAX_CHALLENGE_LENGTH = 512;

/** The value of X-Hub-Signature-256 Meta sends with a body: `sha256=` + HMAC-SHA256(app secret, body). */
export function whatsAppSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Cuts a text into pieces the Cloud API accepts (split-text.ts). */
export function splitWhatsAppText(text: string, limit = WHATSAPP_MAX_TEXT): string[] {
  return splitMessageText(text, limit);
}

function phoneNumberId(credentials: Credentials): string {
  const id = credentials.phone_number_id?.trim();
  if (!id) throw new MessengerError('whatsapp', 'The WhatsApp phone number id is missing.');
  if (!PHONE_NUMBER_ID_PATTERN.test(id)) {
    throw new MessengerError('whatsapp', 'The WhatsApp phone number id is malformed (expected digits).');
  }
  return id;
}

function accessToken(credentials: Credentials): string {
  const token = credentials.access_token?.trim();
  if (!token) throw new MessengerError('whatsapp', 'The WhatsApp access token is missing.');
  if (!TOKEN_PATTERN.test(token))
    throw new MessengerError('whatsapp', 'The WhatsApp access token is malformed.');
  return token;
}

/** Graph's error description, with every credential cut out should an answer ever echo one. */
function graphError(answer: PlatformAnswer, credentials: Credentials): string {
  const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : {};
  let description = describePlatformError(error.message, `HTTP ${answer.status}`);
  for (const name of ['access_token', 'app_secret', 'verify_token'] as const) {
    const secret = credentials[name]?.trim();
    if (secret && secret.length >= 4) description = description.split(secret).join('***');
  }
  return description;
}

/** An answer Graph gave without complaint: 2xx and no `error` object. */
function succeeded(answer: PlatformAnswer): answer is PlatformAnswer & { body: Record<string, unknown> } {
  return (
    answer.status >= 200 && answer.status < 300 && isRecord(answer.body) && answer.body.error === undefined
  );
}

interface WhatsAppContact {
  wa_id?: unknown;
  profile?: unknown;
}

/** The text messages of one `changes[].value`, senders named from its `contacts`. */
function readValue(value: Record<string, unknown>, now: Date): InboundMessage[] {
  const names = new Map<string, string>();
  for (const contact of Array.isArray(value.contacts) ? (value.contacts as WhatsAppContact[]) : []) {
    if (!isRecord(contact) || typeof contact.wa_id !== 'string') continue;
    const name = isRecord(contact.profile) ? nonEmpty(contact.profile.name) : null;
    if (name) names.set(contact.wa_id, name);
  }
  const messages: InboundMessage[] = [];
  for (const message of Array.isArray(value.messages) ? (value.messages as unknown[]) : []) {
    if (!isRecord(message) || message.type !== 'text') continue;
    const body = isRecord(message.text) ? message.text.body : undefined;
    const id = nonEmpty(message.id);
    const from = nonEmpty(message.from);
    if (typeof body !== 'string' || !body.trim() || !id || !from) continue;
    const seconds = Number(message.timestamp);
    messages.push({
      eventId: id,
      handle: from,
      senderName: names.get(from) ?? from,
      text: body,
      sentAt: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now,
    });
  }
  return messages;
}

export interface WhatsAppAdapterOptions {
  retry?: RetryPolicy;
}

/** The WhatsApp Cloud API at `baseUrl` (https://graph.facebook.com/v26.0 by default: WHATSAPP_API_VERSION). */
export function createWhatsAppAdapter(
  baseUrl: string,
  options: WhatsAppAdapterOptions = {},
): MessengerAdapter {
  const root = baseUrl.replace(/\/+$/, '');

  function call(
    credentials: Credentials,
    path: string,
    action: string,
    json?: Record<string, unknown>,
  ): Promise<PlatformAnswer> {
    const id = phoneNumberId(credentials);
    const token = accessToken(credentials);
    return callPlatform({
      platform: 'whatsapp',
      url: `${root}/${id}${path}`,
      method: json ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}` },
      json,
      action,
      retry: options.retry,
      sends: path === '/messages',
    });
  }

  return {
    platform: 'whatsapp',

    async verify(credentials) {
      const answer = await call(
        credentials,
        '?fields=display_phone_number,verified_name',
        'check the credentials',
      );
      if (!succeeded(answer)) {
        const description = graphError(answer, credentials);
        throw new MessengerError(
          'whatsapp',
          answer.status === 429 || answer.status >= 500
            ? `WhatsApp could not check the credentials: ${description}`
            : `WhatsApp refused the credentials: ${description}`,
          answer.status,
        );
      }
      const name = nonEmpty(answer.body.verified_name);
      const number = nonEmpty(answer.body.display_phone_number);
      if (!name && !number) {
        throw new MessengerError('whatsapp', 'WhatsApp answered the phone-number lookup without a name.');
      }
      return { username: name && number ? `${name} (${number})` : (name ?? number)! };
    },

    async send(credentials, handle, text) {
      let first: string | null = null;
      const pieces = splitWhatsAppText(text);
      for (const [index, piece] of pieces.entries()) {
        const answer = await call(credentials, '/messages', 'send the message', {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: handle,
          type: 'text',
          text: { body: piece, preview_url: false },
        });
        if (!succeeded(answer)) {
          const description = graphError(answer, credentials);
          throw new MessengerError(
            'whatsapp',
            index === 0
              ? `WhatsApp did not send the message: ${description}`
              : `WhatsApp sent ${index} of ${pieces.length} parts of the message, then: ${description}`,
            answer.status,
          );
        }
        const sent = Array.isArray(answer.body.messages) ? (answer.body.messages as unknown[])[0] : undefined;
        const id = isRecord(sent) ? nonEmpty(sent.id) : null;
        if (!id) throw new MessengerError('whatsapp', 'WhatsApp answered without a message id.');
        first ??= id;
      }
      return { externalId: first! };
    },

    readWebhook(context: WebhookContext, request: WebhookRequest): WebhookOutcome {
      if (request.method === 'GET') {
        const verifyToken = context.credentials.verify_token ?? '';
        const given = request.query['hub.verify_token'];
        if (
          request.query['hub.mode'] !== 'subscribe' ||
          !verifyToken ||
          typeof given !== 'string' ||
          !sameText(given, verifyToken)
        ) {
          return { kind: 'refused', status: 403, reason: 'WhatsApp verification with a wrong mode or token' };
        }
        const challenge = request.query['hub.challenge'];
        if (typeof challenge !== 'string' || !challenge || challenge.length > MAX_CHALLENGE_LENGTH) {
          return { kind: 'refused', status: 400, reason: 'WhatsApp verification without a usable challenge' };
        }
        return { kind: 'handshake', status: 200, body: challenge, contentType: 'text/plain' };
      }

      const signature = webhookHeader(request, SIGNATURE_HEADER);
      const appSecret = context.credentials.app_secret;
      if (!signature) return { kind: 'refused', status: 401, reason: 'missing X-Hub-Signature-256' };
      if (!appSecret) return { kind: 'refused', status: 401, reason: 'no app secret configured' };
      if (!sameText(signature.trim().toLowerCase(), whatsAppSignature(appSecret, request.rawBody))) {
        return { kind: 'refused', status: 401, reason: 'X-Hub-Signature-256 does not match' };
      }

      let payload: unknown;
      try {
        payload = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return { kind: 'refused', status: 400, reason: 'WhatsApp event body is not JSON' };
      }
      if (!isRecord(payload) || !Array.isArray(payload.entry)) {
        return { kind: 'refused', status: 400, reason: 'WhatsApp event body has no entry list' };
      }
      // One Meta app may serve several numbers through this URL; a reply to a message another
      // number received would go out from the wrong one, so those are left alone.
      const ownNumber = context.credentials.phone_number_id?.trim();
      const messages: InboundMessage[] = [];
      for (const entry of payload.entry as unknown[]) {
        if (!isRecord(entry) || !Array.isArray(entry.changes)) continue;
        for (const change of entry.changes as unknown[]) {
          if (!isRecord(change) || !isRecord(change.value)) continue;
          const metadata = change.value.metadata;
          const receiver = isRecord(metadata) ? nonEmpty(metadata.phone_number_id) : null;
          if (receiver && ownNumber && receiver !== ownNumber) continue;
          messages.push(...readValue(change.value, request.now));
        }
      }
      return { kind: 'accepted', messages };
    },
  };
}
