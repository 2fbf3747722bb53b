import { socialAccountProblems, socialAccountStates, socialPlatforms } from '@doppel/contracts';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's Reddit or LinkedIn account, connected with OAuth 2.0 (issue 19, decision 032); one per
 * platform. Also holds the user's own OAuth app when they entered one in Settings, and the
 * state of a consent that is under way.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: socialPlatforms }).notNull(),
    /** The user's own OAuth app; null: the server's (config). */
    appClientId: text('app_client_id'),
    /** Its secret, sealed by the secret box with this row's id. */
    appClientSecret: text('app_client_secret'),
    state: text('state', { enum: socialAccountStates }).notNull().default('disconnected'),
    problem: text('problem', { enum: socialAccountProblems }),
    /** The account's id on the platform (Reddit t2_…, LinkedIn's OpenID `sub`). */
    accountId: text('account_id'),
    accountName: text('account_name'),
    /** {accessToken, refreshToken} as JSON, sealed by the secret box with this row's id. */
    tokens: text('tokens'),
    scope: text('scope'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    /** SHA-256 of the OAuth state of a consent under way, single use, until it expires. */
    pendingStateHash: text('pending_state_hash'),
    pendingStateUntil: timestamp('pending_state_until', { withTimezone: true }),
    /** The platform's rate limit ran out (Reddit's X-Ratelimit-Reset): no calls before this. */
    rateLimitedUntil: timestamp('rate_limited_until', { withTimezone: true }),
    /** A demo sandbox's sample account: shown labelled, never contacts the platform. */
    isSample: boolean('is_sample').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('social_accounts_user_platform_idx').on(table.userId, table.platform)],
);
