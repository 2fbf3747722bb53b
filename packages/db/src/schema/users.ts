import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique across real and demo accounts. */
    email: text('email').notNull().unique(),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    /** The uploaded avatar's key in the file store (null: none uploaded); avatarUrl serves it. */
    avatarFileKey: text('avatar_file_key'),
    /** Null for demo users, who never sign in with a password. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** When a demo sandbox is removed together with everything it owns. */
    demoExpiresAt: timestamp('demo_expires_at', { withTimezone: true }),
    /**
     * The instance owner: the first account of a self-hosted instance (issue 23). Sees the Users
     * list and sets their monthly token quotas. At most one row has it (a partial unique index).
     */
    isInstanceOwner: boolean('is_instance_owner').notNull().default(false),
    /** The TOTP secret, encrypted with the secret box; set while MFA is being enabled or is on. */
    mfaSecretEncrypted: text('mfa_secret_encrypted'),
    /** When MFA was turned on (null: off). Remembered devices are signed against it. */
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_demo_expiry_idx')
      .on(table.demoExpiresAt)
      .where(sql`${table.isDemo}`),
    uniqueIndex('users_instance_owner_idx')
      .on(table.isInstanceOwner)
      .where(sql`${table.isInstanceOwner}`),
  ],
);
export type UserRow = typeof users.$inferSelect;
