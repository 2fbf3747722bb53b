import type { MessengerPlatform } from '@doppel/contracts';

/*
 * What every messenger platform adapter offers. Adapters speak the platform's real
 * HTTP API at a configurable base URL (tests point it at fake servers on 127.0.0.1), retry 429
 * and 5xx honouring Retry-After, and throw MessengerError with a message in our words — never a
 * credential, never the platform's raw body beyond its short error description.
 */

/** A connection's credential fields (contracts: credentialFields), decrypted. */
export type Credentials = Record<string, string>;

/** One message someone sent the user, as the platform delivered it. */
export interface InboundMessage {
  /** The platform's id of the event or message; a second delivery with it is ignored. */
  eventId: string;
  /** Where a reply goes: Telegram chat id, WhatsApp phone number (wa_id), Slack or Discord channel id. */
  handle: string;
  /** The sender's display name (falls back to their handle). */
  senderName: string;
  text: string;
  sentAt: Date;
}

export class MessengerError extends Error {
  override name = 'MessengerError';
  constructor(
    readonly platform: MessengerPlatform,
    message: string,
    /** The platform's HTTP status, when it answered. */
    readonly status?: number,
    options: { uncertain?: boolean } = {},
  ) {
    super(message);
    this.uncertain = options.uncertain ?? false;
  }

  /**
   * A send that may have gone through all the same: the platform failed (5xx), timed out or the
   * connection dropped after the request left. It is not tried again on its own (the contact
   * could get it twice); the user checks and retries.
   */
  readonly uncertain: boolean;
}

/** A webhook request as received: the raw body is what signatures cover. */
export interface WebhookRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
  now: Date;
}

/** What a connection knows besides its credentials when a webhook arrives. */
export interface WebhookContext {
  credentials: Credentials;
  /** SHA-256 (hex) of the secret Doppel gave the platform at registration (Telegram). */
  inboundSecretHash: string | null;
}

export type WebhookOutcome =
  /** Authentic: these messages (possibly none) are taken in; `reply` answers the platform. */
  | { kind: 'accepted'; messages: InboundMessage[]; reply?: { status: number; body: unknown } }
  /** A handshake the platform needs answered as is (WhatsApp challenge, Slack url_verification, Discord PING). */
  | { kind: 'handshake'; status: number; body: unknown; contentType?: string }
  /** Forged, stale or malformed: refused with 401 (or 400), logged, nothing changes. */
  | { kind: 'refused'; status: 400 | 401 | 403; reason: string };

export interface MessengerAdapter {
  platform: MessengerPlatform;
  /** Checks the credentials against the platform (Telegram getMe, WhatsApp phone-number lookup, Slack auth.test, Discord users/@me). */
  verify(credentials: Credentials): Promise<{ username: string }>;
  /** Registers Doppel's webhook where the platform allows it (Telegram setWebhook with a secret token). */
  registerWebhook?(credentials: Credentials, url: string, secret: string): Promise<void>;
  /** Removes what registerWebhook set up. */
  unregisterWebhook?(credentials: Credentials): Promise<void>;
  /** Sends a text to a handle; the platform's message id. */
  send(credentials: Credentials, handle: string, text: string): Promise<{ externalId: string }>;
  /** Recent messages, where the platform lets a bot pull them (Telegram getUpdates, Slack conversations.history). */
  fetchRecent?(credentials: Credentials, since: Date | null): Promise<InboundMessage[]>;
  /** Checks a webhook request's authenticity and reads its messages. Never throws for bad input. */
  readWebhook(context: WebhookContext, request: WebhookRequest): WebhookOutcome;
}
