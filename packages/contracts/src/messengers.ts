import { z } from 'zod';

/**
 * Messenger connection: platform. `email` is the user's own mailbox (IMAP in, SMTP out; issue 18,
 * docs/decisions/031): a card of its own in Settings → Messengers.
 */
export const messengerPlatforms = ['telegram', 'whatsapp', 'discord', 'slack', 'email'] as const;
export const messengerPlatformSchema = z.enum(messengerPlatforms);
export type MessengerPlatform = z.infer<typeof messengerPlatformSchema>;

/** messenger permissions. */
export const messengerPermissions = ['read_messages', 'send_messages'] as const;
export const messengerPermissionSchema = z.enum(messengerPermissions);
export type MessengerPermission = z.infer<typeof messengerPermissionSchema>;

export interface CredentialField {
  name: string;
  /** Masked input in the connect dialog; never returned by the API, only a hint. */
  secret: boolean;
  required: boolean;
  /** text and url inputs; email an address; port a number 1–65535; toggle a switch ('true' or 'false'). */
  kind: 'text' | 'url' | 'email' | 'port' | 'toggle';
  /** What the dialog starts with (and the server assumes when the field is left out). */
  defaultValue?: string;
}

/**
 * The credential fields of each platform, in the dialog's order. Beyond the spec:
 * WhatsApp's app_secret signs its webhooks (X-Hub-Signature-256) and Discord's public_key signs
 * its interactions (Ed25519); without them inbound requests could not be verified.
 */
export const credentialFields: Record<MessengerPlatform, CredentialField[]> = {
  telegram: [
    { name: 'bot_token', secret: true, required: true, kind: 'text' },
    // The public address Telegram calls; PUBLIC_URL when empty.
    { name: 'webhook_url', secret: false, required: false, kind: 'url' },
  ],
  whatsapp: [
    { name: 'phone_number_id', secret: false, required: true, kind: 'text' },
    { name: 'access_token', secret: true, required: true, kind: 'text' },
    { name: 'verify_token', secret: true, required: true, kind: 'text' },
    { name: 'app_secret', secret: true, required: true, kind: 'text' },
    // The WhatsApp Business Account (WABA) the number belongs to: its approved message templates
    // are listed from it (docs/decisions/034). Only campaigns' template outreach needs it.
    { name: 'business_account_id', secret: false, required: false, kind: 'text' },
  ],
  discord: [
    { name: 'bot_token', secret: true, required: true, kind: 'text' },
    { name: 'guild_id', secret: false, required: true, kind: 'text' },
    { name: 'public_key', secret: false, required: true, kind: 'text' },
  ],
  slack: [
    { name: 'bot_token', secret: true, required: true, kind: 'text' },
    { name: 'signing_secret', secret: true, required: true, kind: 'text' },
  ],
  /*
   * The user's own mailbox. `*_tls` on: TLS from the first byte (IMAP 993, SMTP 465); off:
   * STARTTLS when the server offers it (SMTP 587). User names default to the address, and the
   * SMTP password to the IMAP one (providers' app passwords serve both).
   */
  email: [
    { name: 'address', secret: false, required: true, kind: 'email' },
    { name: 'sender_name', secret: false, required: false, kind: 'text' },
    { name: 'imap_host', secret: false, required: true, kind: 'text' },
    { name: 'imap_port', secret: false, required: true, kind: 'port', defaultValue: '993' },
    { name: 'imap_tls', secret: false, required: false, kind: 'toggle', defaultValue: 'true' },
    { name: 'imap_user', secret: false, required: false, kind: 'text' },
    { name: 'imap_password', secret: true, required: true, kind: 'text' },
    { name: 'smtp_host', secret: false, required: true, kind: 'text' },
    { name: 'smtp_port', secret: false, required: true, kind: 'port', defaultValue: '465' },
    { name: 'smtp_tls', secret: false, required: false, kind: 'toggle', defaultValue: 'true' },
    { name: 'smtp_user', secret: false, required: false, kind: 'text' },
    { name: 'smtp_password', secret: true, required: false, kind: 'text' },
  ],
};

/**
 * Why talking to the user's mailbox failed, as a code the app words in the user's language:
 * - auth_failed: the server refused the user name or password (IMAP NO on LOGIN, SMTP 535);
 * - unreachable: no connection (DNS, refused, reset);
 * - tls_failed: the TLS handshake failed (wrong port for TLS, bad certificate);
 * - timeout: the server stopped answering;
 * - rejected: SMTP refused the message for good (5xx): sending it again will not help;
 * - deferred: SMTP refused it for now (4xx): a later attempt may succeed;
 * - protocol: the server answered something we could not use.
 */
export const mailboxFailures = [
  'auth_failed',
  'unreachable',
  'tls_failed',
  'timeout',
  'rejected',
  'deferred',
  'protocol',
] as const;
export type MailboxFailure = (typeof mailboxFailures)[number];

/**
 * Why an email did not go out, or may not have: the mailbox's failures, and
 * - disconnected: the mailbox was disconnected, or may no longer send;
 * - interrupted: sending was cut short and the Sent folder does not show the mail;
 * - opted_out: campaign mail to an address that opted out or bounced since it was queued.
 */
export const emailDeliveryProblems = [
  ...mailboxFailures,
  'disconnected',
  'interrupted',
  'opted_out',
] as const;
export type EmailDeliveryProblem = (typeof emailDeliveryProblems)[number];

/** How far back the first read of a newly connected mailbox goes. */
export const EMAIL_FIRST_SYNC_DAYS = 14;

/** Mail providers whose servers the Email card's presets fill in. */
export const emailProviders = ['gmail', 'outlook', 'fastmail', 'yandex', 'mailru'] as const;
export type EmailProvider = (typeof emailProviders)[number];

/** The server fields each preset fills (the provider's documented IMAP and SMTP settings). */
export const emailPresets: Record<
  EmailProvider,
  Record<'imap_host' | 'imap_port' | 'imap_tls' | 'smtp_host' | 'smtp_port' | 'smtp_tls', string>
> = {
  gmail: {
    imap_host: 'imap.gmail.com',
    imap_port: '993',
    imap_tls: 'true',
    smtp_host: 'smtp.gmail.com',
    smtp_port: '465',
    smtp_tls: 'true',
  },
  outlook: {
    imap_host: 'outlook.office365.com',
    imap_port: '993',
    imap_tls: 'true',
    smtp_host: 'smtp.office365.com',
    smtp_port: '587',
    smtp_tls: 'false',
  },
  fastmail: {
    imap_host: 'imap.fastmail.com',
    imap_port: '993',
    imap_tls: 'true',
    smtp_host: 'smtp.fastmail.com',
    smtp_port: '465',
    smtp_tls: 'true',
  },
  yandex: {
    imap_host: 'imap.yandex.com',
    imap_port: '993',
    imap_tls: 'true',
    smtp_host: 'smtp.yandex.com',
    smtp_port: '465',
    smtp_tls: 'true',
  },
  mailru: {
    imap_host: 'imap.mail.ru',
    imap_port: '993',
    imap_tls: 'true',
    smtp_host: 'smtp.mail.ru',
    smtp_port: '465',
    smtp_tls: 'true',
  },
};

const credentialValue = z.string().trim().max(2000);

/** POST /api/messengers: connect a platform (replaces an earlier connection of the same platform). */
export const connectMessengerInputSchema = z
  .object({
    platform: messengerPlatformSchema,
    /** Field name (credentialFields) → value. Unknown fields are refused. */
    credentials: z.record(z.string().max(50), credentialValue),
    permissions: z.array(messengerPermissionSchema).max(2).optional(),
  })
  .strict();
export type ConnectMessengerInput = z.infer<typeof connectMessengerInputSchema>;

/** PATCH /api/messengers/:id */
export const updateMessengerInputSchema = z
  .object({ permissions: z.array(messengerPermissionSchema).max(2) })
  .strict();
export type UpdateMessengerInput = z.infer<typeof updateMessengerInputSchema>;

export const messengerHealthSchema = z.object({
  status: z.enum(['ok', 'failing', 'unknown']),
  checkedAt: z.string().nullable(),
  /** Why the last check failed, in our words. */
  error: z.string().nullable(),
});

export const messengerConnectionSchema = z.object({
  id: z.string(),
  platform: messengerPlatformSchema,
  /** The bot's or account's name on the platform, as its API reported it. */
  username: z.string(),
  isConnected: z.boolean(),
  permissions: z.array(messengerPermissionSchema),
  lastSyncAt: z.string().nullable(),
  health: messengerHealthSchema,
  /** Field name → masked hint (last 4 characters of secrets; plain for public ids). */
  credentialHints: z.record(z.string(), z.string()),
  /**
   * Where the platform sends messages. registered: Doppel set it itself (Telegram setWebhook);
   * otherwise the user pastes url (and verifyToken for WhatsApp) into the platform's console.
   */
  inbound: z.object({
    url: z.string(),
    registered: z.boolean(),
  }),
  /**
   * Email: reading the mailbox. syncing while a read runs (the first one takes the last
   * EMAIL_FIRST_SYNC_DAYS days), with how many mails of how many are done; failed with the
   * reason's code. Null for the other platforms.
   */
  mailbox: z
    .object({
      state: z.enum(['idle', 'syncing', 'failed']),
      done: z.number().int(),
      total: z.number().int(),
      /** Why the last read failed (state failed). */
      error: z.enum(mailboxFailures).nullable(),
    })
    .nullable(),
  /** A demo sandbox's sample connection: shown labelled, never contacts a server. */
  isSample: z.boolean(),
  createdAt: z.string(),
});
export type MessengerConnection = z.infer<typeof messengerConnectionSchema>;

export const messengerListSchema = z.object({ items: z.array(messengerConnectionSchema) });
export type MessengerList = z.infer<typeof messengerListSchema>;

/** POST /api/messengers/:id/test. */
export const messengerTestResultSchema = z.object({
  ok: z.boolean(),
  /** The platform's answer in our words when it failed. */
  error: z.string().nullable(),
  connection: messengerConnectionSchema,
});
export type MessengerTestResult = z.infer<typeof messengerTestResultSchema>;

/** POST /api/messengers/:id/sync */
export const messengerSyncResultSchema = z.object({
  /** New messages taken in. */
  received: z.number().int(),
  connection: messengerConnectionSchema,
});
export type MessengerSyncResult = z.infer<typeof messengerSyncResultSchema>;

export const messengerIdParamsSchema = z.object({ id: z.uuid() });

// ── WhatsApp message templates (docs/decisions/034) ────────────────────────────────────

/**
 * Where a template has variables: its text header and its body. Templates with media headers or
 * buttons that need values of their own are not offered (Doppel fills text only).
 */
export const whatsAppTemplateComponents = ['header', 'body'] as const;
export type WhatsAppTemplateComponent = (typeof whatsAppTemplateComponents)[number];

/** positional: {{1}}, {{2}}…; named: {{first_name}}… (Meta's parameter_format). */
export const whatsAppParameterFormats = ['positional', 'named'] as const;
export type WhatsAppParameterFormat = (typeof whatsAppParameterFormats)[number];

/** Meta's template names: lowercase letters, digits and underscores. */
export const WHATSAPP_TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;
/** Meta's template language codes: en, en_US, zh_CN, fil… */
export const WHATSAPP_LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(_[A-Za-z]{2,4})?$/;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The variables of a template text in the order Graph numbers its parameters: {{1}}, {{2}}… by
 * number, named ones as they first appear; each once.
 */
export function whatsAppPlaceholders(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) if (!keys.includes(match[1]!)) keys.push(match[1]!);
  return keys.every((key) => /^\d+$/.test(key)) ? keys.sort((a, b) => Number(a) - Number(b)) : keys;
}

/** A template text with its placeholders replaced; one without a value stays as it is. */
export function fillWhatsAppText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}

export const whatsAppTemplateVariableSchema = z.object({
  component: z.enum(whatsAppTemplateComponents),
  /** '1', '2'… (positional) or the parameter's name (named). */
  key: z.string(),
  /** The example Meta keeps with the template, when it has one. */
  example: z.string().nullable(),
});
export type WhatsAppTemplateVariable = z.infer<typeof whatsAppTemplateVariableSchema>;

/** An approved message template of the account, as the campaign settings offer it. */
export const whatsAppTemplateSchema = z.object({
  name: z.string(),
  /** Meta's language code (en_US). */
  language: z.string(),
  /** MARKETING, UTILITY… as Meta names it. */
  category: z.string(),
  parameterFormat: z.enum(whatsAppParameterFormats),
  /** The text header, with its placeholders; null without one. */
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  /** The header's variables first, then the body's, in the order Graph expects them. */
  variables: z.array(whatsAppTemplateVariableSchema),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** GET /api/messengers/:id/whatsapp-templates */
export const whatsAppTemplateListSchema = z.object({
  /**
   * Whether the connection has its WhatsApp Business Account ID: templates are listed from the
   * business account, so without it the list is empty.
   */
  hasBusinessAccount: z.boolean(),
  items: z.array(whatsAppTemplateSchema),
});
export type WhatsAppTemplateList = z.infer<typeof whatsAppTemplateListSchema>;
