import { createHmac } from 'node:crypto';
import {
  whatsAppPlaceholders,
  type WhatsAppParameterFormat,
  type WhatsAppTemplate,
  type WhatsAppTemplateComponent,
  type WhatsAppTemplateVariable,
} from '@doppel/contracts';
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
/** Templates asked for per page of message_templates, and pages read at most (Meta allows 250 per account; 6,000 for some). */
const TEMPLATE_PAGE_SIZE = 100;
const MAX_TEMPLATE_PAGES = 60;
/** The template fields Doppel reads (GET /<WABA_ID>/message_templates). */
export const TEMPLATE_FIELDS = 'name,language,status,category,components';
/**
 * Graph's error codes that say a template send did not fit the template: wrong number of
 * parameters (132000), no such template in that language (132001), a parameter of the wrong
 * format (132012), the template paused or disabled (132015, 132016).
 */
const TEMPLATE_MISMATCH_CODES = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016]);
/** Free text outside the 24-hour customer-service window (a "re-engagement message"). */
const RE_ENGAGEMENT_CODE = 131047;

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

function businessAccountId(credentials: Credentials): string {
  const id = credentials.business_account_id?.trim();
  if (!id) throw new MessengerError('whatsapp', 'The WhatsApp Business Account ID is missing.');
  if (!PHONE_NUMBER_ID_PATTERN.test(id)) {
    throw new MessengerError('whatsapp', 'The WhatsApp Business Account ID is malformed (expected digits).');
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

/**
 * A refusal by Graph with its numeric error code, so the caller can tell "use a template" and
 * "the template does not fit" from other failures.
 */
export class WhatsAppGraphError extends MessengerError {
  override name = 'WhatsAppGraphError';
  constructor(
    message: string,
    status: number | undefined,
    /** Graph's `error.code` (131047, 132000…), when it gave one. */
    readonly graphCode: number | null,
  ) {
    super('whatsapp', message, status);
  }

  /** Graph refused free text because the 24-hour window is closed: only a template may open it. */
  get needsTemplate(): boolean {
    return this.graphCode === RE_ENGAGEMENT_CODE;
  }

  /** Graph refused a template send because it did not match the approved template. */
  get templateMismatch(): boolean {
    return this.graphCode !== null && TEMPLATE_MISMATCH_CODES.has(this.graphCode);
  }
}

function graphCode(answer: PlatformAnswer): number | null {
  const error = isRecord(answer.body) && isRecord(answer.body.error) ? answer.body.error : {};
  return typeof error.code === 'number' && Number.isInteger(error.code) ? error.code : null;
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

/** One component of a template as Graph lists it. */
interface GraphComponent {
  type: string;
  format: string | null;
  text: string | null;
  example: Record<string, unknown>;
  buttons: unknown[];
}

function readComponents(value: unknown): GraphComponent[] {
  return (Array.isArray(value) ? value : []).filter(isRecord).map((component) => ({
    type: typeof component.type === 'string' ? component.type.toUpperCase() : '',
    format: typeof component.format === 'string' ? component.format.toUpperCase() : null,
    text: typeof component.text === 'string' ? component.text : null,
    example: isRecord(component.example) ? component.example : {},
    buttons: Array.isArray(component.buttons) ? (component.buttons as unknown[]) : [],
  }));
}

/** Button kinds whose send needs no parameter of its own. */
const PLAIN_BUTTONS = new Set(['QUICK_REPLY', 'PHONE_NUMBER', 'URL']);

/** A button Doppel can send as it is: no value of its own (a URL with a {{1}} suffix, a copy code, a flow…). */
function plainButton(button: unknown): boolean {
  if (!isRecord(button) || typeof button.type !== 'string') return false;
  const type = button.type.toUpperCase();
  if (!PLAIN_BUTTONS.has(type)) return false;
  return !(type === 'URL' && typeof button.url === 'string' && button.url.includes('{{'));
}

/** The examples Meta keeps for a component's variables, by key. */
function examplesOf(component: GraphComponent, keys: string[]): Map<string, string> {
  const examples = new Map<string, string>();
  const prefix = component.type === 'HEADER' ? 'header_text' : 'body_text';
  const named = component.example[`${prefix}_named_params`];
  if (Array.isArray(named)) {
    for (const item of named) {
      if (isRecord(item) && typeof item.param_name === 'string' && typeof item.example === 'string') {
        examples.set(item.param_name, item.example);
      }
    }
  }
  // Positional: header_text is ["…"], body_text is [["…", "…"]].
  const listed = component.example[prefix];
  const row: unknown = Array.isArray(listed) && Array.isArray(listed[0]) ? listed[0] : listed;
  if (Array.isArray(row)) {
    keys.forEach((key, index) => {
      const value: unknown = row[/^\d+$/.test(key) ? Number(key) - 1 : index];
      if (typeof value === 'string' && !examples.has(key)) examples.set(key, value);
    });
  }
  return examples;
}

/**
 * An approved template as Doppel can send it: a text (or no) header, a body, and buttons without
 * values of their own; null for one it cannot fill (a media header, a copy-code or flow button,
 * an authentication template, a carousel).
 */
export function readTemplate(value: unknown): WhatsAppTemplate | null {
  if (!isRecord(value)) return null;
  const name = nonEmpty(value.name);
  const language = nonEmpty(value.language);
  if (!name || !language || value.status !== 'APPROVED') return null;
  const category = typeof value.category === 'string' ? value.category.toUpperCase() : '';
  if (category === 'AUTHENTICATION') return null;
  let header: string | null = null;
  let body: string | null = null;
  let footer: string | null = null;
  const variables: WhatsAppTemplateVariable[] = [];
  const components = readComponents(value.components);
  for (const component of components) {
    if (component.type === 'HEADER') {
      if (component.format !== 'TEXT' || component.text === null) return null;
      header = component.text;
    } else if (component.type === 'BODY') {
      if (component.text === null) return null;
      body = component.text;
    } else if (component.type === 'FOOTER') {
      footer = component.text;
    } else if (component.type === 'BUTTONS') {
      if (!component.buttons.every(plainButton)) return null;
    } else {
      return null;
    }
  }
  if (body === null) return null;
  for (const component of components) {
    if ((component.type !== 'HEADER' && component.type !== 'BODY') || component.text === null) continue;
    const keys = whatsAppPlaceholders(component.text);
    const examples = examplesOf(component, keys);
    const part: WhatsAppTemplateComponent = component.type === 'HEADER' ? 'header' : 'body';
    for (const key of keys) variables.push({ component: part, key, example: examples.get(key) ?? null });
  }
  const parameterFormat: WhatsAppParameterFormat = variables.every((variable) => /^\d+$/.test(variable.key))
    ? 'positional'
    : 'named';
  return { name, language, category, parameterFormat, header, body, footer, variables };
}

/** A template message to send: the template by name and language, and its parameters' texts. */
export interface WhatsAppTemplateMessage {
  name: string;
  language: string;
  parameterFormat: WhatsAppParameterFormat;
  /** In the template's order; header ones go in the header component, the rest in the body. */
  parameters: { component: WhatsAppTemplateComponent; key: string; text: string }[];
}

/** The `template` object of a Cloud API template message. */
export function templatePayload(message: WhatsAppTemplateMessage): Record<string, unknown> {
  const components = (['header', 'body'] as const).flatMap((part) => {
    const parameters = message.parameters
      .filter((parameter) => parameter.component === part)
      .map((parameter) =>
        message.parameterFormat === 'named'
          ? { type: 'text', parameter_name: parameter.key, text: parameter.text }
          : { type: 'text', text: parameter.text },
      );
    return parameters.length > 0 ? [{ type: part, parameters }] : [];
  });
  return {
    name: message.name,
    language: { code: message.language },
    ...(components.length > 0 ? { components } : {}),
  };
}

/** The WhatsApp adapter, with what only WhatsApp has: approved message templates. */
export interface WhatsAppAdapter extends MessengerAdapter {
  /**
   * The business account's approved templates Doppel can fill (every page of
   * GET /<WABA_ID>/message_templates); needs the credential business_account_id.
   */
  listTemplates(credentials: Credentials): Promise<WhatsAppTemplate[]>;
  /** Sends an approved template: the one message WhatsApp allows outside the 24-hour window. */
  sendTemplate(
    credentials: Credentials,
    handle: string,
    message: WhatsAppTemplateMessage,
  ): Promise<{ externalId: string }>;
}

export interface WhatsAppAdapterOptions {
  retry?: RetryPolicy;
}

/** The WhatsApp Cloud API at `baseUrl` (https://graph.facebook.com/v26.0 by default: WHATSAPP_API_VERSION). */
export function createWhatsAppAdapter(
  baseUrl: string,
  options: WhatsAppAdapterOptions = {},
): WhatsAppAdapter {
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

  /** POSTs one message; a refusal is a WhatsAppGraphError, an answer without an id a MessengerError. */
  async function postMessage(
    credentials: Credentials,
    json: Record<string, unknown>,
    refused: (description: string) => string,
  ): Promise<string> {
    const answer = await call(credentials, '/messages', 'send the message', json);
    if (!succeeded(answer)) {
      throw new WhatsAppGraphError(
        refused(graphError(answer, credentials)),
        answer.status,
        graphCode(answer),
      );
    }
    const sent = Array.isArray(answer.body.messages) ? (answer.body.messages as unknown[])[0] : undefined;
    const id = isRecord(sent) ? nonEmpty(sent.id) : null;
    if (!id) throw new MessengerError('whatsapp', 'WhatsApp answered without a message id.');
    return id;
  }

  return {
    platform: 'whatsapp',

    async listTemplates(credentials) {
      const account = businessAccountId(credentials);
      const token = accessToken(credentials);
      const templates: WhatsAppTemplate[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_TEMPLATE_PAGES; page++) {
        const query = new URLSearchParams({ fields: TEMPLATE_FIELDS, limit: String(TEMPLATE_PAGE_SIZE) });
        if (after) query.set('after', after);
        // The cursor goes into a URL of ours: `paging.next` is never followed, so the token is
        // sent nowhere but the configured Graph API.
        const answer = await callPlatform({
          platform: 'whatsapp',
          url: `${root}/${account}/message_templates?${query.toString()}`,
          headers: { authorization: `Bearer ${token}` },
          action: 'list the message templates',
          retry: options.retry,
        });
        if (!succeeded(answer)) {
          throw new WhatsAppGraphError(
            `WhatsApp did not list the message templates: ${graphError(answer, credentials)}`,
            answer.status,
            graphCode(answer),
          );
        }
        const data = Array.isArray(answer.body.data) ? (answer.body.data as unknown[]) : [];
        for (const item of data) {
          const template = readTemplate(item);
          if (template) templates.push(template);
        }
        const paging = isRecord(answer.body.paging) ? answer.body.paging : {};
        const cursors = isRecord(paging.cursors) ? paging.cursors : {};
        const next = nonEmpty(cursors.after);
        if (!nonEmpty(paging.next) || !next || next === after || data.length === 0) break;
        after = next;
      }
      return templates.sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
    },

    async sendTemplate(credentials, handle, message) {
      const externalId = await postMessage(
        credentials,
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: handle,
          type: 'template',
          template: templatePayload(message),
        },
        (description) => `WhatsApp did not send the template ${message.name}: ${description}`,
      );
      return { externalId };
    },

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
        const id = await postMessage(
          credentials,
          {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: handle,
            type: 'text',
            text: { body: piece, preview_url: false },
          },
          (description) =>
            index === 0
              ? `WhatsApp did not send the message: ${description}`
              : `WhatsApp sent ${index} of ${pieces.length} parts of the message, then: ${description}`,
        );
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
