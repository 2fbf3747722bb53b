import { type messengerPermissions, messengerPlatforms } from '@doppel/contracts';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user's bot or account on a messenger; one per platform. */
export const messengerConnections = pgTable(
  'messenger_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: messengerPlatforms }).notNull(),
    username: text('username').notNull(),
    isConnected: boolean('is_connected').notNull().default(true),
    /** The credential fields as JSON, sealed by the secret box with this row's id. */
    credentials: text('credentials').notNull(),
    /** Field → masked hint, what the API shows instead of the credentials. */
    credentialHints: jsonb('credential_hints').$type<Record<string, string>>().notNull(),
    permissions: jsonb('permissions').$type<Array<(typeof messengerPermissions)[number]>>().notNull(),
    /**
     * SHA-256 of the secret the platform sends back with each webhook call (Telegram's
     * secret_token); null where the platform signs its calls with a credential instead.
     */
    inboundSecretHash: text('inbound_secret_hash'),
    /** Whether Doppel registered the webhook itself (Telegram), so it removes it on disconnect. */
    inboundRegistered: boolean('inbound_registered').notNull().default(false),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    healthStatus: text('health_status', { enum: ['ok', 'failing', 'unknown'] })
      .notNull()
      .default('unknown'),
    healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
    healthError: text('health_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('messenger_connections_user_platform_idx').on(table.userId, table.platform)],
);

/** Platform event ids already taken in, so a retried or replayed webhook changes nothing. */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => messengerConnections.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.eventId] }),
    index('inbound_events_received_idx').on(table.receivedAt),
  ],
);
