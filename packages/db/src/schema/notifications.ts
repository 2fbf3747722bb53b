import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tasks } from './tasks';
import { users } from './users';

/** A browser's Web Push subscription (issue 23): where push notifications for its user go. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * Per user: the chat of their own Telegram bot that notifications go to (linked by sending the
 * bot a one-time code) and when the last daily digest went out.
 */
export const notificationTargets = pgTable('notification_targets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  telegramChatId: text('telegram_chat_id'),
  telegramLinkCodeHash: text('telegram_link_code_hash'),
  telegramLinkExpiresAt: timestamp('telegram_link_expires_at', { withTimezone: true }),
  telegramLinkedAt: timestamp('telegram_linked_at', { withTimezone: true }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which urgent task was announced on which channel, so nothing is announced twice. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** email, push or telegram. */
    channel: text('channel', { enum: ['email', 'push', 'telegram'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.channel] }),
    index('notification_deliveries_user_idx').on(table.userId, table.channel, table.sentAt),
  ],
);
