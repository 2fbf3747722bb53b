import { z } from 'zod';

/*
 * Notifications of urgent tasks (issue 23): by email (each at once, or a daily digest; the
 * choice lives in the user settings), browser push, and the user's own Telegram chat through
 * their connected bot. Urgent = high priority and not completed.
 */

/** How long a Telegram link code works after it was made. */
export const TELEGRAM_LINK_MINUTES = 15;

/** Base64url (with or without padding), as browsers encode a subscription's keys. */
const base64Url = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z.url().max(2000),
    /** Browsers send null; Doppel does not use it (a gone subscription answers 404 or 410). */
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        /** The browser's P-256 public key: 65 bytes, 87 characters of base64url. */
        p256dh: z.string().regex(base64Url).min(80).max(100),
        /** The 16-byte authentication secret: 22 characters of base64url. */
        auth: z.string().regex(base64Url).min(16).max(32),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const pushEndpointInputSchema = z.object({ endpoint: z.string().min(1).max(2000) }).strict();
export type PushEndpointInput = z.infer<typeof pushEndpointInputSchema>;

/** The server's VAPID public key (base64url, uncompressed P-256 point): PushManager.subscribe's applicationServerKey. */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** A test notification: how many of the user's browsers took it, and how many did not. */
export const pushTestResultSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;

export const telegramNotificationStateSchema = z.object({
  /** The connected Telegram bot (@name); null when none is connected in Settings → Messengers. */
  bot: z.string().nullable(),
  /** When the user's chat was linked; null: not linked. */
  linkedAt: z.string().nullable(),
  /** Until when the latest link code works; null when none waits. */
  linkPendingUntil: z.string().nullable(),
});
export type TelegramNotificationState = z.infer<typeof telegramNotificationStateSchema>;

export const notificationStatusSchema = z.object({
  /** How many browsers get this user's push notifications. */
  pushSubscriptions: z.number().int(),
  telegram: telegramNotificationStateSchema,
});
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** A one-time code that links the chat that sends it to the bot (`/start <code>`). */
export const telegramLinkSchema = z.object({
  code: z.string(),
  /** https://t.me/<bot>?start=<code>: opens the bot with the code ready to send. */
  url: z.string(),
  /** What to send the bot by hand: `/start <code>`. */
  command: z.string(),
  expiresAt: z.string(),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
