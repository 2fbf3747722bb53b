import { type messengerPermissions, messengerPlatforms } from '@doppel/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
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
    /** A demo sandbox's sample connection: shown labelled, never contacts a server. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('messenger_connections_user_platform_idx').on(table.userId, table.platform)],
);

/**
 * Discord (issue 19, decision 033): which process holds a bot's gateway connection, and until
 * when; one gateway per bot across a cluster. A table of its own, without a change-feed trigger,
 * so renewing the lease every round does not tell the user's open tabs that the connection changed.
 */
export const gatewayLeases = pgTable('gateway_leases', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => messengerConnections.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

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

/**
 * Email (issue 18): how far reading the user's mailbox got. One row per email connection; the
 * IMAP cursor (UIDVALIDITY and the highest UID taken in) and the progress a running read shows.
 */
export const mailboxSync = pgTable('mailbox_sync', {
  connectionId: uuid('connection_id')
    .primaryKey()
    .references(() => messengerConnections.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  uidValidity: text('uid_validity'),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  state: text('state', { enum: ['idle', 'syncing', 'failed'] })
    .notNull()
    .default('idle'),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  /** Why the last read failed, in our words. */
  error: text('error'),
  /**
   * The process that keeps an IDLE connection on the mailbox, and until when its lease holds:
   * one process of a cluster watches each mailbox (mailbox-watchers.ts).
   */
  watcher: text('watcher'),
  watcherUntil: timestamp('watcher_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every mail taken in from or sent through the user's mailbox, by Message-ID: a mail read twice
 * (a repeated sync, a reset cursor) is taken in once, and replies find the thread they answer
 * (subject, In-Reply-To, References). Kept as long as the connection.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => messengerConnections.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_messages_connection_message_idx').on(table.connectionId, table.messageId),
    index('email_messages_contact_idx').on(table.userId, table.contactId, table.occurredAt),
  ],
);

/**
 * Email to send from the user's mailbox, sent by a durable job. The row's id is the idempotency
 * key and its Message-ID is chosen before the first attempt: a job that finds a row it was
 * sending when its process died does not send again unasked (docs/decisions/031).
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => messengerConnections.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** What the mail is for, told back to its sender when it is settled. */
    taskId: uuid('task_id'),
    campaignId: uuid('campaign_id'),
    leadId: uuid('lead_id'),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    /** Campaign mail carries List-Unsubscribe and a footer link. */
    unsubscribable: boolean('unsubscribable').notNull().default(false),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'unknown'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed, in our words, with the server's reply. */
    error: text('error'),
    serverResponse: text('server_response'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_sends_user_idx').on(table.userId, table.status),
    index('email_sends_task_idx').on(table.taskId),
  ],
);
