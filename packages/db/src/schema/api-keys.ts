import type { ApiKeyPermission, apiKeyServices } from '@doppel/contracts';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Keys other tools use to reach the user's data; only their SHA-256 is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    service: text('service').$type<(typeof apiKeyServices)[number]>().notNull(),
    /** SHA-256 (hex) of the full key; a request's key is hashed and looked up by it. */
    keyHash: text('key_hash').notNull().unique(),
    /** The last 4 characters, for the masked preview. */
    keyLast4: text('key_last4').notNull(),
    permissions: jsonb('permissions').$type<ApiKeyPermission[]>().notNull(),
    requestsPerMinute: integer('requests_per_minute').notNull(),
    requestsPerDay: integer('requests_per_day').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    isSample: boolean('is_sample').notNull().default(false),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);
