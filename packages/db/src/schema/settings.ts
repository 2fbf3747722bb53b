import { interfaceLanguages, responseLanguages, themes } from '@doppel/contracts';
import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export interface NotificationSettingsColumn {
  email: boolean;
  /** How urgent tasks reach the inbox: one email each at once, or one digest a day. */
  emailDigest: 'instant' | 'daily';
  push: boolean;
  telegram: boolean;
  whatsapp: boolean;
}
export interface AiPreferencesColumn {
  defaultModel: string | null;
  temperature: number;
  maxTokens: number;
  replyInContactLanguage: boolean;
  showTranslateOption: boolean;
}

export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language', { enum: interfaceLanguages }).notNull().default('en'),
  responseLanguage: text('response_language', { enum: responseLanguages }).notNull().default('auto'),
  autoTranslate: boolean('auto_translate').notNull().default(true),
  theme: text('theme', { enum: themes }).notNull().default('system'),
  notifications: jsonb('notifications').$type<NotificationSettingsColumn>().notNull(),
  aiPreferences: jsonb('ai_preferences').$type<AiPreferencesColumn>().notNull(),
  /** The touch budget: campaign messages per person in any 7 days (issue 22). */
  touchesPerWeek: integer('touches_per_week').notNull().default(3),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's plan (issue 23). `kind` says where it comes from: `self_hosted` (the instance's own
 * quota, no price), `stripe` (a paid plan, driven by Stripe's webhooks) or `sample` (a demo
 * sandbox's made-up plan). Price, period and billing date exist only for `stripe` and `sample`.
 * `token_quota` is the quota in force; `owner_token_quota` is the instance owner's setting for
 * this user, used whenever no paid plan is active (null: the instance default).
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['self_hosted', 'stripe', 'sample'] })
    .notNull()
    .default('self_hosted'),
  planName: text('plan_name').notNull(),
  priceCents: integer('price_cents'),
  currency: text('currency'),
  billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] }),
  annualDiscountPercent: integer('annual_discount_percent'),
  tokenQuota: integer('token_quota').notNull(),
  ownerTokenQuota: integer('owner_token_quota'),
  status: text('status', { enum: ['active', 'past_due', 'cancelled'] }).notNull(),
  nextBillingDate: date('next_billing_date', { mode: 'string' }),
  paymentMethod: text('payment_method'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  stripePriceId: text('stripe_price_id'),
  /** The paid plan ends at the next billing date instead of renewing. */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The instance's own settings: one row (id = true), written by its owner. */
export const instanceSettings = pgTable('instance_settings', {
  id: boolean('id').primaryKey().default(true),
  /** The monthly token quota of a user the owner has not set one for. */
  defaultTokenQuota: integer('default_token_quota').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied, so a replayed delivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  stripeEventId: text('stripe_event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
