import { interfaceLanguages, responseLanguages, themes } from '@doppel/contracts';
import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export interface NotificationSettingsColumn {
  email: boolean;
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

export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planName: text('plan_name').notNull(),
  priceCents: integer('price_cents').notNull(),
  currency: text('currency').notNull(),
  billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] }).notNull(),
  annualDiscountPercent: integer('annual_discount_percent').notNull(),
  tokenQuota: integer('token_quota').notNull(),
  status: text('status', { enum: ['active', 'past_due', 'cancelled'] }).notNull(),
  nextBillingDate: date('next_billing_date', { mode: 'string' }).notNull(),
  paymentMethod: text('payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
