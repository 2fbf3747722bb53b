import { z } from 'zod';

/** Messenger connection: platform. */
export const messengerPlatforms = ['telegram', 'whatsapp', 'discord', 'slack'] as const;
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
  kind: 'text' | 'url';
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
