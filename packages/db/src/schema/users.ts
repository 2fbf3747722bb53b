import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique across real and demo accounts. */
    email: text('email').notNull().unique(),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    /** Null for demo users, who never sign in with a password. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** When a demo sandbox is removed together with everything it owns. */
    demoExpiresAt: timestamp('demo_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_demo_expiry_idx')
      .on(table.demoExpiresAt)
      .where(sql`${table.isDemo}`),
  ],
);
export type UserRow = typeof users.$inferSelect;
